/**
 * Tables of the peanuts purchases (drizzle-orm, PostgreSQL dialect). db/schema.ts
 * re-exports them so that drizzle-kit generates their migration with the rest. The balance
 * itself lives only in the ledger (`ledger_entries`): these tables say which checkout session
 * credited what, and keep every Stripe event received.
 */
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  bigint,
  integer,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../identity/schema';

/** Options of every timestamp column: with time zone, as JS Dates. */
const tz = { withTimezone: true, mode: 'date' } as const;

/** The states of a purchase: paid, then possibly refunded or disputed. */
export const PURCHASE_STATES = ['paid', 'refunded', 'disputed'] as const;
/** A purchase state. */
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/**
 * Where a purchase's dispute stands (reversals.ts): none yet, opened, or closed won or
 * lost (final: a charge is disputed at most once).
 */
export const DISPUTE_STATES = ['none', 'open', 'won', 'lost'] as const;
/** A dispute state. */
export type DisputeState = (typeof DISPUTE_STATES)[number];

/**
 * One paid checkout session credited to a user (spec §2 "Pricing"). Written in the
 * transaction that appends its `purchase:<sessionId>` ledger entry; goes with the account.
 */
export const purchases = pgTable(
  'purchases',
  {
    /** The Stripe checkout session id, e.g. `cs_test_...`. */
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    /** The buyer (`users.sub`). */
    userSub: uuid('user_sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** The pack bought, e.g. `starter`. */
    packId: text('pack_id').notNull(),
    /** Nano-peanuts credited. */
    peanutsNano: bigint('peanuts_nano', { mode: 'number' }).notNull(),
    /** Amount paid in the currency's smallest unit (cents). */
    amountTotal: integer('amount_total').notNull(),
    /** ISO currency code in lower case, e.g. `usd`. */
    currency: text('currency').notNull(),
    /** The Stripe payment intent (`pi_...`): refunds and disputes name it. */
    paymentIntent: text('payment_intent').unique(),
    /**
     * `paid`, `refunded` or `disputed`: derived from `refunded_nano` and `dispute`
     * (reversals.ts `purchaseStateOf`), kept for the statement and the referral rules.
     */
    state: text('state').notNull().default('paid'),
    /**
     * Nano-peanuts the refunds take back: the pack's peanuts times the largest
     * cumulative share refunded so far, at most `peanuts_nano`.
     */
    refundedNano: bigint('refunded_nano', { mode: 'number' }).notNull().default(0),
    /** `none`, `open`, `won` or `lost`. */
    dispute: text('dispute').notNull().default('none'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (table) => [
    index('purchases_user_sub_idx').on(table.userSub, table.createdAt.desc()),
    check(
      'purchases_state_check',
      sql`${table.state} IN (${sql.raw(PURCHASE_STATES.map((state) => `'${state}'`).join(', '))})`,
    ),
    check(
      'purchases_dispute_check',
      sql`${table.dispute} IN (${sql.raw(DISPUTE_STATES.map((state) => `'${state}'`).join(', '))})`,
    ),
    check(
      'purchases_refunded_check',
      sql`${table.refundedNano} >= 0 AND ${table.refundedNano} <= ${table.peanutsNano}`,
    ),
  ],
);

/** A row of `purchases`. */
export type PurchaseRow = typeof purchases.$inferSelect;

/**
 * Every verified Stripe event received: kept with its outcome so that an event for a
 * user or purchase not known yet can be applied later, and so an operator can see what arrived.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    /** The Stripe event id, `evt_...`: a redelivery of one event is the same row. */
    eventId: text('event_id').primaryKey(),
    /** The event type, e.g. `checkout.session.completed`. */
    type: text('type').notNull(),
    /** The event as delivered (parsed JSON). */
    payload: jsonb('payload').notNull(),
    /**
     * `applied` (changed a balance or a purchase), `duplicate` (already applied), `unmatched`
     * (unknown user, pack or purchase: kept to apply later) or `ignored` (a type we don't use).
     */
    outcome: text('outcome').notNull(),
    /** Why the event was not applied, for `unmatched`; null otherwise. */
    reason: text('reason'),
    receivedAt: timestamp('received_at', tz).notNull().defaultNow(),
  },
  (table) => [index('stripe_events_outcome_idx').on(table.outcome)],
);

/** A row of `stripe_events`. */
export type StripeEventRow = typeof stripeEvents.$inferSelect;

/**
 * Paid checkout sessions that credited nothing: no user named, no known pack, or an
 * amount before discounts that is not the pack's price in the pack's currency. Kept so that the
 * operator console can list them and credit one by hand (`credited_at`). A session of a user not
 * confirmed yet is not here: it waits in `stripe_events` and is applied on confirmation.
 */
export const unmatchedPayments = pgTable(
  'unmatched_payments',
  {
    /** The Stripe checkout session id, `cs_...`. */
    sessionId: text('session_id').primaryKey(),
    /** The event that delivered it, `evt_...`. */
    eventId: text('event_id').notNull(),
    /** The sub its `client_reference_id` names, when it names one (maybe no account). */
    userSub: text('user_sub'),
    /** The pack it names (`metadata.packId` or its payment link), when any. */
    packId: text('pack_id'),
    /** Amount paid, in the smallest unit of `currency`. */
    amountTotal: integer('amount_total').notNull(),
    /** Amount before discounts, in the smallest unit of `currency`, when given. */
    amountSubtotal: integer('amount_subtotal'),
    /** The session's (the buyer's) currency, lower case. */
    currency: text('currency').notNull(),
    /** Adaptive Pricing: the merchant's currency the amounts were converted from. */
    sourceCurrency: text('source_currency'),
    /** Adaptive Pricing: the amount before discounts in `source_currency`. */
    sourceAmountSubtotal: integer('source_amount_subtotal'),
    /** Why nothing was credited. */
    reason: text('reason').notNull(),
    receivedAt: timestamp('received_at', tz).notNull().defaultNow(),
    /** When an operator credited it by hand; null until then. */
    creditedAt: timestamp('credited_at', tz),
  },
  (table) => [index('unmatched_payments_received_idx').on(table.receivedAt.desc())],
);

/** A row of `unmatched_payments`. */
export type UnmatchedPaymentRow = typeof unmatchedPayments.$inferSelect;

/**
 * The sessions of the local checkout (embedded default only): kept in the database so
 * that a paid session can still be refunded or disputed after a restart. No foreign key: the
 * `client_reference_id` is whatever the pack's link was opened with.
 */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    /** Checkout session id, `cs_test_...`. */
    id: text('id').primaryKey(),
    /** The pack bought. */
    packId: text('pack_id').notNull(),
    /** What the pack's link was opened with (the buyer's sub, maybe with a referral code). */
    clientReferenceId: text('client_reference_id'),
    /** The buyer's email, when given. */
    email: text('email'),
    /** The promotion code entered, when any. */
    promoCode: text('promo_code'),
    /** Amount paid in cents. */
    amountTotal: integer('amount_total').notNull(),
    /** The payment intent, `pi_...`. */
    paymentIntent: text('payment_intent').notNull(),
    /** `paid`, then `refunded` or `disputed`. */
    state: text('state').notNull().default('paid'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (table) => [
    check(
      'local_checkout_sessions_state_check',
      sql`${table.state} IN (${sql.raw(PURCHASE_STATES.map((state) => `'${state}'`).join(', '))})`,
    ),
  ],
);

/** A row of `local_checkout_sessions`. */
export type LocalCheckoutSessionRow = typeof localCheckoutSessions.$inferSelect;
