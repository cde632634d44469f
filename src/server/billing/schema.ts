/**
 * Tables of the peanuts purchases (issue 8; drizzle-orm, PostgreSQL dialect). db/schema.ts
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
 * One paid checkout session credited to a user (spec §2 "Pricing", issue 8). Written in the
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
    /** `paid`, `refunded` or `disputed`. */
    state: text('state').notNull().default('paid'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (table) => [
    index('purchases_user_sub_idx').on(table.userSub, table.createdAt.desc()),
    check(
      'purchases_state_check',
      sql`${table.state} IN (${sql.raw(PURCHASE_STATES.map((state) => `'${state}'`).join(', '))})`,
    ),
  ],
);

/** A row of `purchases`. */
export type PurchaseRow = typeof purchases.$inferSelect;

/**
 * Every verified Stripe event received (issue 8): kept with its outcome so that an event for a
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
 * The sessions of the local checkout (issue 8, embedded default only): kept in the database so
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
