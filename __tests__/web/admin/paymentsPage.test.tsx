/**
 * The console's unmatched payments page (docs/operator-console.md "Payments") against a scripted
 * operator API: the list and its texts, crediting one to an account found by email as a pack
 * with a reason (the fields required, the request sent, the list refreshed), those credited by
 * hand shown on demand, and its entry in the console's menu.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PeanutsPack } from '../../../src/core/packs';
import type { AdminPayment, AdminUsersPage } from '../../../src/sdk/admin';
import AdminConsole from '../../../src/web/features/admin/AdminConsole';
import { REASON_TEXT } from '../../../src/web/features/admin/ReasonModal';
import { PaymentsPage, PAYMENTS_TEXT } from '../../../src/web/features/admin/pages/PaymentsPage';
import { failOnConsoleErrors, jsonResponse, renderWithProviders } from '../testUtils';

configure({ asyncUtilTimeout: 15_000 });
failOnConsoleErrors();

const PACKS: PeanutsPack[] = [
  { id: 'starter', name: 'Starter', description: [], peanuts: 17, price: 2.71, url: '/c/s' },
  { id: 'pro', name: 'Pro', description: [], peanuts: 34, price: 4.89, url: '/c/p' },
];

const account = (sub: string, email: string, confirmed = true) => ({
  sub,
  email,
  createdAt: '2026-11-01T10:00:00.000Z',
  confirmed,
  disabled: false,
  mfaEnabled: false,
  balance: 10,
});
const ACCOUNTS: AdminUsersPage['users'] = [
  account('sub-bob', 'bob@example.com'),
  account('sub-bobby', 'bobby@example.com', false),
  account('sub-carol', 'carol@example.com'),
];

/** A scripted operator API over a fake fetch, with its payments and the requests it got. */
function fakeAdminApi(payments: AdminPayment[]) {
  const requests: { route: string; query: URLSearchParams; body: unknown }[] = [];
  const fetch = jest.fn(
    async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      const route = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ route, query: url.searchParams, body });
      if (route === 'GET /v1/admin/payments') {
        const all = url.searchParams.get('state') === 'all';
        return jsonResponse({ payments: payments.filter((p) => all || p.creditedAt === null) });
      }
      if (route === 'GET /v1/peanuts/packs/') return jsonResponse({ packs: PACKS });
      if (route === 'GET /v1/admin/users') {
        const term = (url.searchParams.get('email') ?? '').toLowerCase();
        return jsonResponse({
          users: ACCOUNTS.filter((a) => a.email.startsWith(term) || a.sub === term),
          nextCursor: null,
        });
      }
      const credit = /^POST \/v1\/admin\/payments\/([^/]+)\/credit$/.exec(route);
      if (credit) {
        const payment = payments.find((p) => p.sessionId === decodeURIComponent(credit[1]));
        if (!payment || payment.creditedAt) {
          return jsonResponse({ message: 'No unmatched payment with this session id' }, 404);
        }
        payment.creditedAt = '2026-11-26T12:00:00.000Z';
        return jsonResponse({ audit: { id: 7, action: 'payment_credit' } });
      }
      return jsonResponse({ message: 'Not found' }, 404);
    },
  );
  return { fetch, requests };
}

const payment = (sessionId: string, fields: Partial<AdminPayment> = {}): AdminPayment => ({
  sessionId,
  userSub: null,
  packId: 'starter',
  amountTotal: 271,
  currency: 'usd',
  reason: 'client_reference_id names no user',
  receivedAt: '2026-11-26T09:30:00.000Z',
  creditedAt: null,
  ...fields,
});

/** The table body's rows (antd's placeholder row excluded). */
const rows = () =>
  Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row'));

describe('the unmatched payments page', () => {
  it('lists each unmatched payment with why, its account, pack and amount, and a Credit button', async () => {
    const api = fakeAdminApi([
      payment('cs_test_nouser'),
      payment('cs_test_amount', {
        userSub: 'sub-carol',
        packId: 'pro',
        amountTotal: 100,
        reason: "amount 100 usd is not the pro pack's 489 usd",
      }),
    ]);
    renderWithProviders(<PaymentsPage />, { storeOptions: { fetch: api.fetch } });
    expect(
      screen.getByRole('heading', { level: 2, name: PAYMENTS_TEXT.title }),
    ).toBeInTheDocument();
    expect(await screen.findByText('cs_test_nouser')).toBeInTheDocument();
    const [first, second] = rows();
    expect(first).toHaveTextContent('client_reference_id names no user');
    expect(first).toHaveTextContent('2.71 usd');
    expect(within(first).getByRole('button', { name: PAYMENTS_TEXT.credit })).toBeInTheDocument();
    expect(second).toHaveTextContent("amount 100 usd is not the pro pack's 489 usd");
    expect(within(second).getByRole('link', { name: 'sub-carol' })).toHaveAttribute(
      'href',
      '/admin/users/sub-carol',
    );
    const listed = api.requests.find((r) => r.route === 'GET /v1/admin/payments');
    expect(listed?.query.get('state')).toBe('unmatched');
  });

  it('says so when there is none', async () => {
    const api = fakeAdminApi([]);
    renderWithProviders(<PaymentsPage />, { storeOptions: { fetch: api.fetch } });
    expect(await screen.findByText(PAYMENTS_TEXT.empty)).toBeInTheDocument();
  });

  it('credits a payment to a confirmed account found by email, as its pack, with a reason', async () => {
    const user = userEvent.setup();
    const api = fakeAdminApi([payment('cs_test_nouser')]);
    renderWithProviders(<PaymentsPage />, { storeOptions: { fetch: api.fetch } });
    await user.click(await screen.findByRole('button', { name: PAYMENTS_TEXT.credit }));
    const dialog = await screen.findByRole('dialog', {
      name: `${PAYMENTS_TEXT.creditTitle} cs_test_nouser`,
    });
    // The pack the session named is chosen already; the account and the reason are required.
    expect(await within(dialog).findByText('Starter: 17 peanuts')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: PAYMENTS_TEXT.credit }));
    expect(await within(dialog).findByText(PAYMENTS_TEXT.accountRequired)).toBeInTheDocument();
    expect(await within(dialog).findByText(REASON_TEXT.reasonRequired)).toBeInTheDocument();
    expect(api.requests.some((r) => r.route.startsWith('POST'))).toBe(false);

    await user.type(within(dialog).getByRole('combobox', { name: PAYMENTS_TEXT.account }), 'bob');
    // Only confirmed accounts can be credited: bobby@ is not offered.
    await waitFor(() =>
      expect(
        Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent),
      ).toEqual(['bob@example.com']),
    );
    await user.click(document.querySelector('.ant-select-item-option') as Element);
    await user.type(within(dialog).getByLabelText(REASON_TEXT.reason), 'paid without an account');
    await user.click(within(dialog).getByRole('button', { name: PAYMENTS_TEXT.credit }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posted = api.requests.filter((r) => r.route.startsWith('POST'));
    expect(posted).toEqual([
      {
        route: 'POST /v1/admin/payments/cs_test_nouser/credit',
        query: expect.any(URLSearchParams) as unknown,
        body: { sub: 'sub-bob', packId: 'starter', reason: 'paid without an account' },
      },
    ]);
    // The list is asked again: the payment credited is no longer unmatched.
    expect(await screen.findByText(PAYMENTS_TEXT.empty)).toBeInTheDocument();
  });

  it('shows the payments credited by hand, with when, when asked', async () => {
    const user = userEvent.setup();
    const api = fakeAdminApi([
      payment('cs_test_done', { userSub: 'sub-bob', creditedAt: '2026-11-26T12:00:00.000Z' }),
    ]);
    renderWithProviders(<PaymentsPage />, { storeOptions: { fetch: api.fetch } });
    expect(await screen.findByText(PAYMENTS_TEXT.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: PAYMENTS_TEXT.showCredited }));
    expect(await screen.findByText('cs_test_done')).toBeInTheDocument();
    const [row] = rows();
    expect(within(row).getByText(PAYMENTS_TEXT.credited)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: PAYMENTS_TEXT.credit })).toBeNull();
    expect(api.requests.map((r) => r.query.get('state'))).toContain('all');
  });

  it("is a page of the console's menu", async () => {
    const api = fakeAdminApi([]);
    renderWithProviders(<AdminConsole />, {
      route: '/admin/payments',
      path: '/admin/*',
      storeOptions: { fetch: api.fetch },
    });
    const menu = screen.getByRole('navigation', { name: 'Operator console pages' });
    expect(within(menu).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/admin/payments',
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: PAYMENTS_TEXT.title }),
    ).toBeInTheDocument();
  });
});
