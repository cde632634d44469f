/**
 * Email notices (docs/api.md "Notices"), through the local mailbox: `GET/PATCH
 * /v1/account/notices` (defaults, a change kept for its owner only, bad bodies refused with
 * nothing changed, 401, OpenAPI, gone with the account); a VPN ending on max-peanuts with the
 * simulated provisioner mailed exactly once even when the pass, or the notice, runs again, in
 * another app on the same database too; none when the owner turned the notice off; the
 * low-balance notice once per crossing; the unsubscribe link turns the notices off, a forged one
 * is refused. One app with a test clock per database; on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { noticeSettings } from '../../../src/server/db/schema';
import type { App } from '../../../src/server/app';
import { DATABASE_KINDS, setUpDatabase } from '../../support/helpers';
import {
  api,
  buildVpnApp,
  deleteAccount,
  FakeClock,
  rowOf,
  runningVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

jest.setTimeout(120_000);

const URL = '/v1/account/notices';
const PEANUT = 1_000_000_000;

/** A mail of the local mailbox. */
interface Mail {
  to: string;
  subject: string;
  text: string;
  code: string;
}

/** The notices (mails without a code) in `user`'s local mailbox, newest first. */
async function noticesOf(app: App, user: TestUser): Promise<Mail[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/mailbox/${encodeURIComponent(user.email)}`,
  });
  return response.json<Mail[]>().filter((mail) => mail.code === '');
}

/** The unsubscribe link of a notice's text, as a path with its query. */
function linkOf(mail: Mail): string {
  const match = /Turn them off \(no sign-in needed\): (\S+)/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  const url = new globalThis.URL(match[1]);
  return `${url.pathname}${url.search}`;
}

describe.each(DATABASE_KINDS)('email notices on %s', (kind) => {
  const suite = setUpDatabase(kind);
  const clock = new FakeClock();
  let app: App;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    app = await buildVpnApp(suite.database, { METER_INTERVAL_S: '5' }, { clock: clock.now });
    suite.blockApps.push(app);
    [alice, bob] = await Promise.all([signUpUser(app, 'alice'), signUpUser(app, 'bob')]);
  });

  describe('settings', () => {
    it('answers the defaults, then keeps each change for its owner only', async () => {
      const carol = await signUpUser(app, 'carol');
      const dave = await signUpUser(app, 'dave');
      expect(await api(app, carol, 'GET', URL)).toMatchObject({
        status: 200,
        body: { vpnEnded: true, lowBalanceBelow: null },
      });
      expect(await api(app, carol, 'PATCH', URL, { lowBalanceBelow: 2.5 })).toMatchObject({
        status: 200,
        body: { vpnEnded: true, lowBalanceBelow: 2.5 },
      });
      expect((await api(app, carol, 'PATCH', URL, { vpnEnded: false })).body).toEqual({
        vpnEnded: false,
        lowBalanceBelow: 2.5,
      });
      expect((await api(app, carol, 'GET', URL)).body).toEqual({
        vpnEnded: false,
        lowBalanceBelow: 2.5,
      });
      expect((await api(app, dave, 'GET', URL)).body).toEqual({
        vpnEnded: true,
        lowBalanceBelow: null,
      });
      expect(
        (await api(app, carol, 'PATCH', URL, { vpnEnded: true, lowBalanceBelow: null })).body,
      ).toEqual({ vpnEnded: true, lowBalanceBelow: null });
      await deleteAccount(app, carol);
      const rows = await app.db
        .select()
        .from(noticeSettings)
        .where(eq(noticeSettings.userSub, carol.sub));
      expect(rows).toEqual([]);
    });

    it.each([
      ['a threshold of 0', { lowBalanceBelow: 0 }, /lowBalanceBelow/],
      ['a negative threshold', { lowBalanceBelow: -1 }, /lowBalanceBelow/],
      ['a threshold too high', { lowBalanceBelow: 2_000_000 }, /lowBalanceBelow/],
      ['a threshold that is not a number', { lowBalanceBelow: 'lots' }, /lowBalanceBelow/],
      ['a switch that is not a boolean', { vpnEnded: 'maybe' }, /vpnEnded/],
      ['an empty patch', {}, /^body/],
      ['an unknown setting', { sms: true }, /^body/],
    ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
      await api(app, bob, 'PATCH', URL, { lowBalanceBelow: 3 });
      const before = (await api(app, bob, 'GET', URL)).body;
      const answer = await api<{ message: string }>(app, bob, 'PATCH', URL, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
      expect((await api(app, bob, 'GET', URL)).body).toEqual(before);
      await api(app, bob, 'PATCH', URL, { lowBalanceBelow: null });
    });

    it.each(['GET', 'PATCH'] as const)('answers 401 to %s without a token', async (method) => {
      const answer = await api(app, undefined, method, URL, { vpnEnded: false });
      expect(answer).toMatchObject({
        status: 401,
        body: { message: 'User needs to be authenticated to call this API.' },
      });
    });

    it('documents both routes in the OpenAPI document', async () => {
      const response = await app.inject({ method: 'GET', url: '/docs/json' });
      const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
      expect(Object.keys(paths[URL] ?? {}).sort()).toEqual(['get', 'patch']);
    });
  });

  describe('a VPN that ends on its own', () => {
    it('is told once, on max-peanuts, however often the pass and the notice run', async () => {
      const vpnId = await runningVpn(app, alice, {
        type: 'wireguard',
        maxPeanuts: 0.1,
        deleteAfter: 3600,
      });
      // 0.1 peanut is 66.7 s of running time alone (spec §9).
      clock.advance(70_000);
      const other = await buildVpnApp(
        suite.database,
        { METER_INTERVAL_S: '5' },
        { clock: clock.now },
      );
      suite.extraApps.push(other);
      await Promise.all([
        app.vpnLifecycle.meterAll(),
        app.vpnLifecycle.meterAll(),
        other.vpnLifecycle.meterAll(),
      ]);
      await waitForVpnState(app, alice, vpnId, 'Deleted');
      await Promise.all([app.notices.idle(), other.notices.idle()]);
      // Again: the pass finds nothing Running, the notice its key already there.
      await app.vpnLifecycle.meterAll();
      expect(
        await Promise.all([
          app.notices.noticeVpnEnded(vpnId),
          other.notices.noticeVpnEnded(vpnId),
          app.notices.noticeVpnEnded(vpnId),
        ]),
      ).toEqual([false, false, false]);
      await app.notices.idle();

      const mails = await noticesOf(app, alice);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.to).toBe(alice.email.toLowerCase());
      expect(mail.subject).toBe('Your VPN in Paris (eu-west-3) has ended: peanut limit reached');
      expect(mail.text).toContain(
        `Your Peanut VPN ${vpnId} in Paris, France (eu-west-3) has ended on its own: ` +
          'it reached its peanut limit (maxPeanuts: 0.10 peanuts).',
      );
      expect(mail.text).toMatch(
        /It ran for 1 minute 10 seconds, carried \d+\.\d\d MiB and was charged 0\.10 peanuts in all\./,
      );
      expect(mail.text).toContain('Your balance is now 9.90 peanuts.');
      expect((await rowOf(app, vpnId)).reason).toBe('maxPeanuts reached');
    });

    it('is not told when its owner turned the notice off, nor when it is deleted', async () => {
      const erin = await signUpUser(app, 'erin');
      clock.advance(1000);
      const deleted = await runningVpn(app, erin);
      expect((await api(app, erin, 'DELETE', `/v1/vpns/${deleted}`)).status).toBe(202);
      await api(app, erin, 'PATCH', URL, { vpnEnded: false });
      clock.advance(1000);
      const ended = await runningVpn(app, erin, {
        type: 'wireguard',
        maxPeanuts: 0.1,
        deleteAfter: 3600,
      });
      clock.advance(70_000);
      await app.vpnLifecycle.meterAll();
      await waitForVpnState(app, erin, ended, 'Deleted');
      await app.notices.idle();
      expect(await app.notices.noticeVpnEnded(ended)).toBe(false);
      expect(await noticesOf(app, erin)).toEqual([]);
    });
  });

  describe('a low balance', () => {
    it('is told once per crossing, again only after the balance went back above', async () => {
      const frank = await signUpUser(app, 'frank');
      const take = (peanuts: number, key: string) =>
        app.ledger.append({
          userSub: frank.sub,
          amountNano: Math.round(peanuts * PEANUT),
          kind: 'adjustment',
          key: `test:${frank.sub}:${key}`,
        });
      await api(app, frank, 'PATCH', URL, { lowBalanceBelow: 5 });
      // 10 peanuts: armed, nothing to tell.
      await app.notices.lowBalancePass();
      expect(await noticesOf(app, frank)).toEqual([]);

      await take(-5.5, 'spend');
      await Promise.all([app.notices.lowBalancePass(), app.notices.lowBalancePass()]);
      await app.notices.lowBalancePass();
      let mails = await noticesOf(app, frank);
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Your Peanut VPN balance is below 5.00 peanuts',
      ]);
      expect(mails[0].text).toContain(
        'Your Peanut VPN balance is 4.50 peanuts, below the 5.00 peanuts you asked to be told about.',
      );

      // Still below after more spending: nothing new. Back above, then below: told again.
      await take(-1, 'spend more');
      await app.notices.lowBalancePass();
      expect(await noticesOf(app, frank)).toHaveLength(1);
      await take(2, 'buy');
      await app.notices.lowBalancePass();
      expect(await noticesOf(app, frank)).toHaveLength(1);
      await take(-2, 'spend again');
      await app.notices.lowBalancePass();
      await app.notices.lowBalancePass();
      mails = await noticesOf(app, frank);
      expect(mails).toHaveLength(2);
      expect(mails[0].text).toContain('Your Peanut VPN balance is 3.50 peanuts');

      // A threshold set above the balance: it did not fall, nothing is told.
      await api(app, frank, 'PATCH', URL, { lowBalanceBelow: 8 });
      await app.notices.lowBalancePass();
      await app.notices.lowBalancePass();
      expect(await noticesOf(app, frank)).toHaveLength(2);
    });
  });

  describe('the unsubscribe link', () => {
    it('turns every notice off without signing in; a forged link is refused', async () => {
      const [mail] = await noticesOf(app, alice);
      const link = linkOf(mail);
      expect(link).toMatch(/^\/notices\/unsubscribe\?u=[0-9a-f-]{36}&s=[\w-]{43}$/);
      await api(app, alice, 'PATCH', URL, { lowBalanceBelow: 1 });

      // A forged signature, another account's id, a missing part: 403, nothing changed.
      const forged = link.replace(/s=(.)/, (_all, c: string) => `s=${c === 'A' ? 'B' : 'A'}`);
      const otherSub = link.replace(alice.sub, bob.sub);
      for (const url of [forged, otherSub, '/notices/unsubscribe?u=' + alice.sub]) {
        for (const method of ['GET', 'POST'] as const) {
          const answer = await app.inject({ method, url });
          expect(answer.statusCode).toBe(403);
          expect(answer.body).toContain('This link is not valid');
        }
      }
      expect((await api(app, alice, 'GET', URL)).body).toEqual({
        vpnEnded: true,
        lowBalanceBelow: 1,
      });

      // The link's page changes nothing by itself; its button turns the notices off.
      const page = await app.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<button type="submit">Turn off email notices</button>');
      expect((await api(app, alice, 'GET', URL)).body).toMatchObject({ vpnEnded: true });
      const done = await app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Email notices are off');
      expect((await api(app, alice, 'GET', URL)).body).toEqual({
        vpnEnded: false,
        lowBalanceBelow: null,
      });

      // A mail client's one-click unsubscribe (RFC 8058) does the same.
      await api(app, alice, 'PATCH', URL, { vpnEnded: true });
      const oneClick = await app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect((await api(app, alice, 'GET', URL)).body).toMatchObject({ vpnEnded: false });
    });
  });
});
