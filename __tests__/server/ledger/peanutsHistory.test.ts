/**
 * `GET /v1/peanuts/history`: the caller's statement, newest first, paginated, with the
 * balance after each line; a VPN's usage summed into one line; purchases with their pack and
 * state. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { App } from '../../../src/server/app';
import { vpns } from '../../../src/server/db/schema';
import { usageKey } from '../../../src/server/vpns/metering';
import { deliver, reversalEvent, sessionCompleted, stripeId } from '../../support/billingHelpers';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import { api, buildVpnApp, signUpUser, type TestUser } from '../../support/vpnHelpers';

const PEANUT = 1_000_000_000;

interface Entry {
  date: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  reference: string | null;
  pack?: string;
  purchaseState?: string;
}
interface History {
  entries: Entry[];
  nextCursor: string | null;
}

describe.each(DATABASE_KINDS)('GET /v1/peanuts/history on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let user: TestUser;
  const refunded = { sessionId: stripeId('cs_test'), paymentIntent: stripeId('pi') };
  const kept = { sessionId: stripeId('cs_test'), paymentIntent: stripeId('pi') };

  const usage = (vpnId: string, index: number, peanuts: number) =>
    app.ledger.append({
      userSub: user.sub,
      amountNano: -peanuts * PEANUT,
      kind: 'usage',
      key: usageKey(vpnId, index),
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(database);
    user = await signUpUser(app, 'statement');
    // 10 bonus, +17 starter, VPN A -1 -2, +34 pro, VPN B -0.5, VPN A -3, refund of the starter.
    await deliver(
      app,
      sessionCompleted({ clientReferenceId: user.sub, packId: 'starter', ...refunded }),
    );
    await usage('1000@eu-west-3', 0, 1);
    await usage('1000@eu-west-3', 1, 2);
    await deliver(app, sessionCompleted({ clientReferenceId: user.sub, packId: 'pro', ...kept }));
    await usage('2000@us-east-1', 0, 0.5);
    await usage('1000@eu-west-3', 2, 3);
    await deliver(app, reversalEvent('charge.refunded', refunded.paymentIntent));
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const history = (query = '', who: TestUser = user) =>
    api<History>(app, who, 'GET', `/v1/peanuts/history${query}`);

  it('lists every change newest first, with the balance after each, usage summed per VPN', async () => {
    const answer = await history();
    expect(answer.status).toBe(200);
    expect(answer.body.nextCursor).toBeNull();
    const lines = answer.body.entries.map(({ date: _date, ...rest }) => rest);
    expect(lines).toEqual([
      {
        kind: 'refund',
        amount: -17,
        balanceAfter: 37.5,
        reference: refunded.sessionId,
        pack: 'starter',
        purchaseState: 'refunded',
      },
      { kind: 'usage', amount: -6, balanceAfter: 54.5, reference: '1000@eu-west-3' },
      { kind: 'usage', amount: -0.5, balanceAfter: 57.5, reference: '2000@us-east-1' },
      {
        kind: 'purchase',
        amount: 34,
        balanceAfter: 58,
        reference: kept.sessionId,
        pack: 'pro',
        purchaseState: 'paid',
      },
      {
        kind: 'purchase',
        amount: 17,
        balanceAfter: 27,
        reference: refunded.sessionId,
        pack: 'starter',
        purchaseState: 'refunded',
      },
      { kind: 'signup_bonus', amount: 10, balanceAfter: 10, reference: null },
    ]);
    const dates = answer.body.entries.map((entry) => Date.parse(entry.date));
    expect(dates.every((date) => Number.isFinite(date))).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(answer.body.entries[0].balanceAfter).toBe(
      (await app.ledger.balanceNano(user.sub)) / PEANUT,
    );
  });

  it('pages with a cursor until nextCursor is null', async () => {
    const all = (await history()).body.entries;
    const seen: Entry[] = [];
    let query = '?limit=4';
    for (let pages = 0; ; pages += 1) {
      const answer = await history(query);
      expect(answer.status).toBe(200);
      expect(answer.body.entries.length).toBeLessThanOrEqual(4);
      seen.push(...answer.body.entries);
      if (answer.body.nextCursor === null) break;
      query = `?limit=4&cursor=${answer.body.nextCursor}`;
      expect(pages).toBeLessThan(3);
    }
    expect(seen).toEqual(all);
  });

  it("counts a Running VPN's unsettled charges as the newest part of its line", async () => {
    // Charged 1.5 peanuts so far, 0.5 of them settled into the ledger.
    const vpnId = '3000@eu-west-3';
    const at = new Date();
    await app.db.insert(vpns).values({
      vpnId,
      userSub: user.sub,
      region: 'eu-west-3',
      state: 'Running',
      type: 'wireguard',
      deleteAfter: 86_400,
      createdAt: at,
      updatedAt: at,
      runningAt: at,
      meteredAt: new Date(at.getTime() + 15_000), // after the settlement just below
      meteredIntervals: 3,
      consumedNano: 1.5 * PEANUT,
      settledNano: 0.5 * PEANUT,
      settledIntervals: 1,
    });
    await usage(vpnId, 0, 0.5);
    const before = (await history()).body.entries;
    expect(before[0]).toEqual({
      date: new Date(at.getTime() + 15_000).toISOString(),
      kind: 'usage',
      amount: -1.5,
      balanceAfter: 36,
      reference: vpnId,
    });
    expect(before[1]).toMatchObject({ kind: 'refund', balanceAfter: 37.5 });
    expect(await app.ledger.balanceNano(user.sub)).toBe(36 * PEANUT);
    const shown = await api<{ balance: number }>(app, user, 'GET', '/v1/peanuts');
    expect(shown.body.balance).toBe(36);
  });

  it("shows nobody else's entries", async () => {
    const other = await signUpUser(app, 'other');
    const answer = await history('', other);
    expect(answer.body.entries.map((entry) => entry.kind)).toEqual(['signup_bonus']);
  });

  it('answers 401 without a token', async () => {
    const answer = await api(app, undefined, 'GET', '/v1/peanuts/history');
    expect(answer.status).toBe(401);
  });

  it.each(['?limit=0', '?limit=101', '?limit=abc', '?cursor=-1', '?cursor=abc'])(
    'answers 400 to %s',
    async (query) => {
      const answer = await history(query);
      expect(answer.status).toBe(400);
      expect(typeof (answer.body as unknown as { message: string }).message).toBe('string');
    },
  );
});
