/**
 * Helpers of the billing tests: Stripe events shaped like real ones, signed with the official
 * `stripe` library's `generateTestHeaderString`, delivered to `POST /v1/webhooks/stripe`; and the
 * shared setup of the webhook test files.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import type { App } from '../../src/server/app';
import { LOCAL_WEBHOOK_SECRET } from '../../src/server/config';
import { ledgerEntries, type LedgerEntryRow } from '../../src/server/db/schema';
import { PACKS } from '../../src/server/packs/service';
import { packIdOfPaymentLink } from '../../src/server/billing/events';
import { LogCapture, setUpDatabase, type DatabaseKind, type DatabaseSuite } from './helpers';
import { buildVpnApp, signUpUser, type TestUser } from './vpnHelpers';

/** Nano-peanuts in one peanut. */
export const PEANUT = 1_000_000_000;

/** A random Stripe-style id with `prefix`, e.g. `cs_test_...`. */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** What a test checkout session is made of. */
export interface SessionFields {
  clientReferenceId?: string | null;
  packId?: string;
  paymentLink?: string | null;
  paymentStatus?: 'paid' | 'unpaid';
  sessionId?: string;
  paymentIntent?: string;
  /** Cents paid (default the price of `packId` when it is a pack's, else 271: Starter's). */
  amountTotal?: number;
  /** Cents before discounts (default: absent). */
  amountSubtotal?: number;
  /** Currency (default `usd`). */
  currency?: string;
  /** Adaptive Pricing's `currency_conversion` (default: absent). */
  currencyConversion?: {
    source_currency: string;
    amount_subtotal: number;
    amount_total: number;
    fx_rate: string;
  };
}

/** The price in cents of the pack `packId`, when it is one. */
function priceOf(packId: string | undefined): number | undefined {
  const pack = PACKS.find((candidate) => candidate.id === packId);
  return pack && Math.round(pack.price * 100);
}

/** A `checkout.session.completed` event as Stripe sends it (the fields we read and a few more). */
export function sessionCompleted(fields: SessionFields): Record<string, unknown> {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: fields.sessionId ?? stripeId('cs_test'),
        object: 'checkout.session',
        client_reference_id: fields.clientReferenceId ?? null,
        customer_details: { email: 'buyer@example.com' },
        amount_total:
          fields.amountTotal ??
          priceOf(fields.packId ?? packIdOfPaymentLink(fields.paymentLink ?? undefined)) ??
          271,
        ...(fields.amountSubtotal === undefined ? {} : { amount_subtotal: fields.amountSubtotal }),
        currency: fields.currency ?? 'usd',
        ...(fields.currencyConversion === undefined
          ? {}
          : { currency_conversion: fields.currencyConversion }),
        mode: 'payment',
        payment_status: fields.paymentStatus ?? 'paid',
        payment_intent: fields.paymentIntent ?? stripeId('pi'),
        payment_link: fields.paymentLink ?? null,
        metadata: fields.packId === undefined ? {} : { packId: fields.packId },
      },
    },
  };
}

/** A `charge.refunded` or `charge.dispute.created` event naming `paymentIntent`. */
export function reversalEvent(
  type: 'charge.refunded' | 'charge.dispute.created',
  paymentIntent: string,
  amounts?: { amount: number; amountRefunded: number },
): Record<string, unknown> {
  const refundedAmounts = amounts && {
    amount: amounts.amount,
    amount_refunded: amounts.amountRefunded,
    refunded: amounts.amountRefunded >= amounts.amount,
  };
  const object =
    type === 'charge.refunded'
      ? {
          id: stripeId('ch'),
          object: 'charge',
          payment_intent: paymentIntent,
          refunded: true,
          ...refundedAmounts,
        }
      : { id: stripeId('dp'), object: 'dispute', payment_intent: paymentIntent, charge: 'ch_x' };
  return {
    id: stripeId('evt'),
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  };
}

/** A `charge.dispute.closed` event naming `paymentIntent`, with the dispute's final `status`. */
export function disputeClosedEvent(
  paymentIntent: string,
  status: 'won' | 'lost',
): Record<string, unknown> {
  return {
    id: stripeId('evt'),
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'charge.dispute.closed',
    data: {
      object: {
        id: stripeId('dp'),
        object: 'dispute',
        payment_intent: paymentIntent,
        charge: 'ch_x',
        status,
      },
    },
  };
}

/** How to sign a delivery. */
export interface SignOptions {
  /** Signing secret (default the embedded LOCAL_WEBHOOK_SECRET). */
  secret?: string;
  /** Signature time, epoch seconds (default now). */
  timestamp?: number;
  /** The exact header to send instead (null: none). */
  header?: string | null;
}

/** Signs `payload` as Stripe does. */
export function sign(payload: string, options: SignOptions = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? LOCAL_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}

/** Delivers `event` (an object, serialised once, or the exact body) to the webhook endpoint. */
export function deliver(
  app: App,
  event: Record<string, unknown> | string,
  options: SignOptions = {},
): Promise<LightMyRequestResponse> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header = options.header === undefined ? sign(payload, options) : options.header;
  return app.inject({
    method: 'POST',
    url: '/v1/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload,
  });
}

/** The state of a Stripe webhook describe block, filled in before its tests by {@link setUpWebhook}. */
export interface WebhookSuite extends DatabaseSuite {
  /** The app, logging at info level into `logs`. */
  app: App;
  /** A signed-up buyer. */
  user: TestUser;
  /** Every log line of `app`. */
  logs: LogCapture;
  /** The balance of `sub` (default the buyer's) in nano-peanuts. */
  balance(sub?: string): Promise<number>;
  /** The ledger entries of `sub`. */
  entriesOf(sub: string): Promise<LedgerEntryRow[]>;
}

/**
 * Registers the hooks of a Stripe webhook describe block (helpers.ts `setUpDatabase`), builds
 * the app (VPN test settings, info logs captured) and signs the buyer up before its tests.
 */
export function setUpWebhook(kind: DatabaseKind): WebhookSuite {
  const suite = setUpDatabase(kind) as WebhookSuite;
  suite.logs = new LogCapture();
  suite.balance = (sub = suite.user.sub) => suite.app.ledger.balanceNano(sub);
  suite.entriesOf = async (sub) =>
    await suite.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userSub, sub));
  beforeAll(async () => {
    suite.app = await buildVpnApp(suite.database, { LOG_LEVEL: 'info' }, { logStream: suite.logs });
    suite.blockApps.push(suite.app);
    suite.user = await signUpUser(suite.app, 'buyer');
  });
  return suite;
}
