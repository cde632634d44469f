import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt } from './testUtils';
import { renderWithProviders } from '../testUtils';
import ContactUsPage, { contactMailto } from '../../../src/web/pages/info/ContactUsPage';
import ContributePage from '../../../src/web/pages/info/ContributePage';
import DocCliPage from '../../../src/web/pages/info/DocCliPage';
import DocPage from '../../../src/web/pages/info/DocPage';
import FaqPage from '../../../src/web/pages/info/FaqPage';
import IssuePage from '../../../src/web/pages/info/IssuePage';
import MakeMoneyPage from '../../../src/web/pages/info/MakeMoneyPage';
import PrivacyPage from '../../../src/web/pages/info/PrivacyPage';
import ReferralTermsPage from '../../../src/web/pages/info/ReferralTermsPage';
import SupportPage from '../../../src/web/pages/info/SupportPage';
import TermsPage from '../../../src/web/pages/info/TermsPage';
import { FAQ_SECTIONS } from '../../../src/web/content/faq';
import { ISSUES_URL } from '../../../src/web/components/content/site';

/** The hrefs of every link in the document. */
function hrefs(): string[] {
  return Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? '');
}

/** The text of the page without the table of contents, whitespace collapsed. */
function pageText(): string {
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
}

/** The titles of the headings of `level`, in document order (faster than role queries). */
function headingTitles(level: number): string[] {
  return Array.from(
    document.querySelectorAll<HTMLElement>(`h${level}`),
    (h) => h.dataset.tocTitle ?? '',
  );
}

/** The entries of the table of contents, as [text, href] pairs. */
function tocLinks(): [string, string][] {
  const nav = document.querySelector('nav[aria-label="Table of contents"]');
  return Array.from(nav?.querySelectorAll('a') ?? [], (a) => [
    a.textContent ?? '',
    a.getAttribute('href') ?? '',
  ]);
}

function expectHeading(id: string, title: RegExp | string) {
  const heading = document.getElementById(id);
  expect(heading).not.toBeNull();
  expect(heading).toHaveTextContent(title);
}

describe('FaqPage', () => {
  beforeEach(() => {
    renderAt(<FaqPage />, '/faq');
  });

  it('has the six sections, in order, with a table of contents', () => {
    expect(headingTitles(2)).toEqual([...FAQ_SECTIONS]);
    const entries = tocLinks().map(([text]) => text);
    expect(entries).toEqual(expect.arrayContaining([...FAQ_SECTIONS]));
  });

  it('anchors #whatarepeanuts and #connection', () => {
    expectHeading('whatarepeanuts', 'What are peanuts?');
    expectHeading('connection', 'Connection');
    expect(document.getElementById('connection')?.tagName).toBe('H2');
    expect(tocLinks()).toContainEqual(['What are peanuts?', '/faq#whatarepeanuts']);
    expect(tocLinks()).toContainEqual(['Connection', '/faq#connection']);
  });

  it('makes every question an anchorable heading', () => {
    const questions = Array.from(document.querySelectorAll('h3'));
    expect(questions.length).toBeGreaterThanOrEqual(25);
    for (const question of questions) {
      expect(question.id).toMatch(/^\w+$/);
      expect(question.querySelector('a')).toHaveAttribute('href', `/faq#${question.id}`);
    }
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it('links to sign-in, pricing, region requests, contribute and the docs', () => {
    expect(hrefs()).toEqual(
      expect.arrayContaining(['/login', '/pricing', '/ticket', '/contribute', '/doc']),
    );
  });

  it('gives real answers', () => {
    const text = pageText();
    expect(text).toMatch(/Starter \(17 peanuts for 2\.71 USD\)/);
    expect(text).toMatch(/0\.0015 peanut per second/);
    expect(text).toMatch(/Scan from QR code/);
    expect(text).toMatch(/sudo wg-quick up/);
    expect(text).toMatch(/latest handshake/);
    expect(text).toMatch(/no ssh access/);
    for (const platform of ['Linux', 'macOS', 'Windows', 'Android', 'iOS']) {
      expect(text).toMatch(new RegExp(`${platform}( and iPadOS)?:`));
    }
    expect(text).toMatch(/Cape Town.*Zhongwei/);
  });
});

describe('DocPage', () => {
  it('states the tenets and links to the FAQ, support and the CLI docs', () => {
    renderAt(<DocPage />, '/doc');
    for (const tenet of [
      'Open source',
      'Subscription-free',
      'Spam-free',
      'Cookie-free',
      'Logs-free by default',
      'SSH-free',
    ]) {
      expect(headingTitles(3)).toContain(tenet);
    }
    expect(headingTitles(2)).toContain('How it works');
    expect(hrefs()).toEqual(expect.arrayContaining(['/faq', '/support', '/doc-cli']));
    expect(pageText()).toMatch(/local storage/);
  });
});

describe('DocCliPage', () => {
  beforeEach(() => {
    renderAt(<DocCliPage />, '/doc-cli');
  });

  it('has steps 0 to 6', () => {
    const steps = headingTitles(2).filter((title) => title.startsWith('Step '));
    expect(steps.map((title) => title.slice(0, 6))).toEqual([
      'Step 0',
      'Step 1',
      'Step 2',
      'Step 3',
      'Step 4',
      'Step 5',
      'Step 6',
    ]);
  });

  it("lists the spec's eight commands, then the account and detail commands", () => {
    const section = document.getElementById('commands')?.closest('section');
    expect(section).toBeTruthy();
    const names = within(section as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('code')?.textContent);
    expect(names).toEqual([
      'register',
      'confirm-registration',
      'list-peanuts-packs',
      'list-regions',
      'create',
      'list',
      'delete',
      'download-config',
      'login',
      'logout',
      'whoami',
      'balance',
      'get',
      'extend',
    ]);
  });

  it('shows realistic commands in copyable code blocks', () => {
    const blocks = Array.from(document.querySelectorAll('pre code'), (c) => c.textContent ?? '');
    for (const command of [
      'peanut register you@example.com',
      'peanut confirm-registration you@example.com 123456',
      'peanut login you@example.com',
      'peanut list-peanuts-packs',
      'peanut list-regions',
      'peanut create --region eu-west-3 --max-peanuts 5 --delete-after 3600 --sync',
      'peanut list',
      'peanut delete <vpnId> --sync',
      'peanut download-config <vpnId>',
      'sudo wg-quick up ./<name>.conf',
      'tar xzf <name>.tar.gz',
      'peanut --help',
    ]) {
      expect(blocks.some((block) => block.includes(command))).toBe(true);
    }
    expect(document.querySelectorAll('button[aria-label="Copy code"]').length).toBe(
      document.querySelectorAll('pre').length,
    );
  });

  it('documents the user config file, profiles and the password rule', () => {
    const text = pageText();
    expect(text).toContain('~/.config/peanut/config.json');
    expect(text).toMatch(/"profiles"/);
    expect(text).toMatch(/--profile/);
    expect(text).toMatch(/profile called default/);
    expect(text).toMatch(
      /at least 8 characters long and contain at least one digit, one lower case letter, one upper case letter and one symbol/,
    );
  });
});

describe('ContributePage', () => {
  it('invites issues and help on the four parts, and is honest about open source', () => {
    renderAt(<ContributePage />, '/contribute');
    for (const part of ['Web frontend', 'CLI', 'Library', 'Backend']) {
      expect(headingTitles(3)).toContain(part);
    }
    expect(pageText()).toMatch(/Open-sourcing the project was planned for 2024/);
    expect(hrefs()).toContain(ISSUES_URL);
  });
});

describe('MakeMoneyPage', () => {
  it('explains self-hosting and links to the contact page', () => {
    renderAt(<MakeMoneyPage />, '/makemoney');
    expect(screen.getByText('npm ci && npm start')).toBeInTheDocument();
    expect(hrefs()).toContain('/contactus');
  });
});

describe('IssuePage', () => {
  it('points to the public issue tracker and the FAQ', () => {
    renderAt(<IssuePage />, '/issue');
    expect(pageText()).toMatch(/Issues are managed on a public code host/);
    expect(hrefs()).toEqual(expect.arrayContaining([ISSUES_URL, '/faq']));
  });
});

describe('SupportPage', () => {
  it("is headed 'Support' and points to the FAQ, the contact form and the issue tracker", () => {
    renderAt(<SupportPage />, '/support');
    expect(headingTitles(1)).toEqual(['Support']);
    expect(document.querySelector('h1')).toHaveTextContent(/^Support$/);
    expect(hrefs()).toEqual(expect.arrayContaining(['/faq', '/contactus', ISSUES_URL]));
  });
});

describe('ContactUsPage', () => {
  it('gives the support and general addresses', () => {
    renderAt(<ContactUsPage />, '/contactus');
    expect(hrefs()).toEqual(
      expect.arrayContaining([
        'mailto:support@peanutvpn.example',
        'mailto:hello@peanutvpn.example',
      ]),
    );
  });

  it('opens a mailto link with the form fields', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderAt(<ContactUsPage />, '/contactus');
    fireEvent.change(screen.getByLabelText('Your email'), { target: { value: 'me@example.com' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Config & QR' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write email' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const [href, target] = open.mock.calls[0];
    expect(target).toBe('_self');
    expect(href).toBe(
      contactMailto({ email: 'me@example.com', subject: 'Config & QR', message: 'Hello there' }),
    );
    const url = new URL(String(href));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('support@peanutvpn.example');
    expect(url.searchParams.get('subject')).toBe('Config & QR');
    expect(url.searchParams.get('body')).toBe('Hello there\n\nReply to: me@example.com');
    open.mockRestore();
  });

  it('does not open anything while the form is invalid', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderAt(<ContactUsPage />, '/contactus');
    fireEvent.click(screen.getByRole('button', { name: 'Write email' }));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});

describe('TermsPage', () => {
  it('has every section, British Columbia law and a link to the privacy policy', () => {
    renderAt(<TermsPage />, '/terms');
    for (const section of [
      'Service description',
      'Eligibility',
      'User obligations',
      'Prohibited activities',
      'Privacy',
      'Intellectual property',
      'Fees',
      'Warranty disclaimer',
      'Limitation of liability',
      'Termination',
      'Modifications',
      'Governing law',
      'Entire agreement',
    ]) {
      expect(headingTitles(2)).toContain(section);
    }
    const text = pageText();
    expect(text).toMatch(/British Columbia, Canada/);
    expect(text).toMatch(/at least 18 years old, or the age of majority where you live/);
    expect(text).toMatch(/non-refundable unless the payment and refund policy says otherwise/);
    expect(text).toMatch(/without notice/);
    expect(hrefs()).toContain('/privacy');
  });
});

describe('PrivacyPage', () => {
  it('covers what is collected, its use, rights, children and changes', () => {
    renderAt(<PrivacyPage />, '/privacy');
    for (const section of [
      'Information we collect',
      'Account information',
      'Usage logs',
      'Device information',
      'Cookies',
      'How we use information',
      'Disclosure',
      'Retention',
      'Security',
      'Your rights',
      'Children',
      'Changes to this policy',
    ]) {
      expect([...headingTitles(2), ...headingTitles(3)]).toContain(section);
    }
    const text = pageText();
    expect(text).toMatch(/access, correct, update or delete/);
    expect(text).toMatch(/not for anyone under 19/);
    expect(text).toMatch(/local storage/);
    expect(hrefs()).toContain('/contactus');
  });
});

describe('ReferralTermsPage', () => {
  it('states every term of the referral program', () => {
    // The page reads the reward settings from the store's app config.
    renderWithProviders(<ReferralTermsPage />, { route: '/referral/terms' });
    const text = pageText();
    for (const term of [
      /Only verified accounts in good standing/,
      /referrer and the referee must each buy at least one peanuts pack to receive a reward/,
      /code may be used only once per referee/,
      /referee reward is granted once per account, on the account's first eligible payment/,
      /referrer reward is granted once per unique referee/,
      /Mutual referrals are allowed/,
      /no cash value/,
      /Self-referral is prohibited/,
      /multiple accounts .* is prohibited/,
      /withheld or reversed in case of chargebacks, refunds or disputes/,
      /up to 48 hours/,
      /may change or end at any time/,
      /support@peanutvpn\.example/,
    ]) {
      expect(text).toMatch(term);
    }
    expect(hrefs()).toEqual(expect.arrayContaining(['/terms', '/privacy']));
  });
});
