/**
 * Helpers of the referral tests: purchases through the signed webhook path, carrying
 * a referral code in `client_reference_id` as the pricing page sends it, and the referral API.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { ledgerEntries } from '../../src/server/db/schema';
import type {
  ReferralHistoryResponse,
  ReferralStats,
  ReferralValidation,
} from '../../src/core/referral';
import { deliver, reversalEvent, sessionCompleted, stripeId } from './billingHelpers';
import { api, type TestUser } from './vpnHelpers';

/** One peanut in nano-peanuts. */
export const PEANUT = 1_000_000_000;

/** A paid purchase: its session and payment intent. */
export interface Bought {
  sessionId: string;
  paymentIntent: string;
  outcome: string;
}

/** Buys the starter pack (17 peanuts) for `user`, with `code` appended to the sub when given. */
export async function buy(app: App, user: TestUser, code?: string): Promise<Bought> {
  const sessionId = stripeId('cs_test');
  const paymentIntent = stripeId('pi');
  const response = await deliver(
    app,
    sessionCompleted({
      clientReferenceId: user.sub + (code ?? ''),
      packId: 'starter',
      sessionId,
      paymentIntent,
    }),
  );
  if (response.statusCode !== 200) throw new Error(`purchase: ${response.body}`);
  return { sessionId, paymentIntent, outcome: response.json<{ outcome: string }>().outcome };
}

/** Refunds or disputes the purchase `bought`. */
export async function reverse(
  app: App,
  bought: Bought,
  type: 'charge.refunded' | 'charge.dispute.created',
): Promise<void> {
  const response = await deliver(app, reversalEvent(type, bought.paymentIntent));
  if (response.statusCode !== 200) throw new Error(`reversal: ${response.body}`);
}

/** `GET /v1/referral/referralCode` of `user`. */
export async function ownCode(app: App, user: TestUser): Promise<string> {
  const answer = await api<{ referralCode: string }>(app, user, 'GET', '/v1/referral/referralCode');
  if (answer.status !== 200) throw new Error(`referralCode: ${answer.response.body}`);
  return answer.body.referralCode;
}

/** `POST /v1/referral/validate` as `user`. */
export async function validate(
  app: App,
  user: TestUser,
  referralCode: string,
): Promise<ReferralValidation> {
  const answer = await api<ReferralValidation>(app, user, 'POST', '/v1/referral/validate', {
    referralCode,
  });
  if (answer.status !== 200) throw new Error(`validate: ${answer.response.body}`);
  return answer.body;
}

/** `GET /v1/referral/referrerCode` of `user`. */
export async function referrerCode(app: App, user: TestUser): Promise<string | null> {
  const answer = await api<{ referrerCode: string | null }>(
    app,
    user,
    'GET',
    '/v1/referral/referrerCode',
  );
  return answer.body.referrerCode;
}

/** `GET /v1/referral/stats` of `user`. */
export async function stats(app: App, user: TestUser): Promise<ReferralStats> {
  return (await api<ReferralStats>(app, user, 'GET', '/v1/referral/stats')).body;
}

/** `GET /v1/referral/history` of `user` with `query` (e.g. `?limit=2`). */
export async function history(
  app: App,
  user: TestUser,
  query = '',
): Promise<ReferralHistoryResponse> {
  const answer = await api<ReferralHistoryResponse>(
    app,
    user,
    'GET',
    `/v1/referral/history${query}`,
  );
  if (answer.status !== 200) throw new Error(`history: ${answer.response.body}`);
  return answer.body;
}

/** The referral ledger entries of `sub` (`referral_reward` and `referral_reversal`), by id. */
export async function referralEntries(
  app: App,
  sub: string,
): Promise<{ kind: string; amountNano: number; key: string }[]> {
  const rows = await app.db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amountNano: ledgerEntries.amountNano,
      key: ledgerEntries.key,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userSub, sub));
  return rows
    .filter((row) => row.kind.startsWith('referral_'))
    .sort((a, b) => a.id - b.id)
    .map(({ kind, amountNano, key }) => ({ kind, amountNano, key }));
}
