/**
 * The informational pages in another language (docs/languages.md): the terms, privacy, referral
 * terms, contact, contribute, issue, make-money and support pages show their translated texts,
 * no English paragraph, the same anchor ids as in English, and the contact form's labels, button
 * and errors translated.
 */
import type { ComponentType } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEST_APP_CONFIG, renderWithProviders } from '../testUtils';
import { LanguageContext } from '../../../src/web/i18n/context';
import type { Language } from '../../../src/web/i18n/languages';
import { loadLanguage } from '../../../src/web/i18n/loader';
import type { TextTree, Translator } from '../../../src/web/i18n/translator';
import ContactUsPage from '../../../src/web/pages/info/ContactUsPage';
import ContributePage from '../../../src/web/pages/info/ContributePage';
import IssuePage from '../../../src/web/pages/info/IssuePage';
import MakeMoneyPage from '../../../src/web/pages/info/MakeMoneyPage';
import PrivacyPage from '../../../src/web/pages/info/PrivacyPage';
import ReferralTermsPage from '../../../src/web/pages/info/ReferralTermsPage';
import SupportPage from '../../../src/web/pages/info/SupportPage';
import TermsPage from '../../../src/web/pages/info/TermsPage';
import { CONTACT_TEXT } from '../../../src/web/pages/info/contactText';
import { CONTRIBUTE_TEXT } from '../../../src/web/pages/info/contributeText';
import { ISSUE_TEXT } from '../../../src/web/pages/info/issueText';
import { MAKE_MONEY_TEXT } from '../../../src/web/pages/info/makeMoneyText';
import { PRIVACY_TEXT } from '../../../src/web/pages/info/privacyText';
import { REFERRAL_TERMS_TEXT } from '../../../src/web/pages/info/referralTermsText';
import { SUPPORT_TEXT } from '../../../src/web/pages/info/supportText';
import { TERMS_TEXT } from '../../../src/web/pages/info/termsText';

const PAGES: [string, ComponentType, TextTree][] = [
  ['terms', TermsPage, TERMS_TEXT],
  ['privacy', PrivacyPage, PRIVACY_TEXT],
  ['referralTerms', ReferralTermsPage, REFERRAL_TERMS_TEXT],
  ['contact', ContactUsPage, CONTACT_TEXT],
  ['contribute', ContributePage, CONTRIBUTE_TEXT],
  ['issue', IssuePage, ISSUE_TEXT],
  ['makeMoney', MakeMoneyPage, MAKE_MONEY_TEXT],
  ['support', SupportPage, SUPPORT_TEXT],
];

const translators = new Map<Language, Translator>();

beforeAll(async () => {
  for (const language of ['de', 'ja'] as const) {
    translators.set(language, (await loadLanguage(language)).translator);
  }
});

/** Renders `Page` in `language` (English without a provider). */
function renderIn(language: Language, Page: ComponentType, appConfig = TEST_APP_CONFIG) {
  const translator = translators.get(language);
  const page = <Page />;
  return renderWithProviders(
    translator ? (
      <LanguageContext.Provider value={{ translator }}>{page}</LanguageContext.Provider>
    ) : (
      page
    ),
    { preloadedState: { appConfig } },
  );
}

/** The ids of the page's headings, in order. */
const headingIds = () =>
  Array.from(document.querySelectorAll('h1, h2, h3, h4'), (heading) => heading.id);

/** The page's text, whitespace collapsed. */
const pageText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ');

/** The English sentences of a page's texts: each text without its marks, values left out. */
function englishSentences(tree: TextTree): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string'
      ? value
          .replace(/<\/?\w+>/g, '')
          .split(/\{\{\w+\}\}/)
          .filter((part) => part.trim().split(/\s+/).length >= 5)
      : englishSentences(value),
  );
}

describe.each(['de', 'ja'] as const)('the informational pages in %s', (language) => {
  it.each(PAGES)(
    '%s: translated, no English paragraph, the English anchors',
    (ns, Page, english) => {
      renderIn('en', Page);
      const englishIds = headingIds();
      const englishTitle = document.querySelector('h1')?.dataset.tocTitle;
      expect(englishIds.every((id) => id !== '')).toBe(true);
      cleanup();

      renderIn(language, Page);
      expect(headingIds()).toEqual(englishIds);
      const title = translators.get(language)?.text(ns, 'title', englishTitle ?? '');
      expect(title).not.toBe('');
      expect(document.querySelector('h1')?.dataset.tocTitle).toBe(title);
      const text = pageText();
      for (const sentence of englishSentences(english)) {
        expect({ sentence, shown: text.includes(sentence.trim()) }).toEqual({
          sentence,
          shown: false,
        });
      }
    },
  );
});

describe('the translated pages', () => {
  it('show the terms with German headings and links', () => {
    renderIn('de', TermsPage);
    expect(screen.getByRole('heading', { level: 1, name: /Nutzungsbedingungen/ })).toHaveAttribute(
      'id',
      'termsofservice',
    );
    expect(document.getElementById('governinglaw')).toHaveTextContent('Anwendbares Recht');
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'support@peanutvpn.example' })).toHaveAttribute(
      'href',
      'mailto:support@peanutvpn.example',
    );
  });

  it('show the contact form in Japanese, its errors too', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      renderIn('ja', ContactUsPage);
      expect(screen.getByRole('heading', { level: 1, name: /お問い合わせ/ })).toHaveAttribute(
        'id',
        'contactus',
      );
      expect(screen.getByRole('form', { name: 'お問い合わせフォーム' })).toBeInTheDocument();
      expect(screen.getByLabelText('件名')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'メールを作成' }));
      expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
      expect(open).not.toHaveBeenCalled();

      fireEvent.change(screen.getByLabelText('メールアドレス'), {
        target: { value: 'me@example.com' },
      });
      fireEvent.change(screen.getByLabelText('件名'), { target: { value: 'VPN' } });
      fireEvent.change(screen.getByLabelText('メッセージ'), { target: { value: 'こんにちは' } });
      fireEvent.click(screen.getByRole('button', { name: 'メールを作成' }));
      await waitFor(() => expect(open).toHaveBeenCalled());
      expect(decodeURIComponent(String(open.mock.calls[0][0]))).toContain('返信先：me@example.com');
    } finally {
      open.mockRestore();
    }
  });

  it('state the configured reward and hold in German, counted and localized', () => {
    renderIn('de', ReferralTermsPage, {
      ...TEST_APP_CONFIG,
      referral: { enabled: false, rewardPeanuts: 1, holdSeconds: 172800 },
    } as typeof TEST_APP_CONFIG);
    expect(screen.getByText('Sie und Ihr Freund erhalten jeweils 1 Erdnuss.')).toBeInTheDocument();
    expect(
      screen.getByText(/Prämien werden nach dem maßgeblichen Kauf 2 Tage lang/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Das Empfehlungsprogramm ist derzeit deaktiviert\./),
    ).toBeInTheDocument();
    cleanup();

    renderIn('de', ReferralTermsPage, {
      ...TEST_APP_CONFIG,
      referral: { enabled: true, rewardPeanuts: 2.5, holdSeconds: 90061 },
    } as typeof TEST_APP_CONFIG);
    expect(
      screen.getByText('Sie und Ihr Freund erhalten jeweils 2,5 Erdnüsse.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Kauf 1 Tag, 1 Stunde lang zurückgehalten/)).toBeInTheDocument();
    expect(screen.queryByText(/deaktiviert/)).toBeNull();
  });
});
