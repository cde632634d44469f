/**
 * Reading the Stripe events the service acts on: the parts of a checkout session, a
 * charge and a dispute it needs, checked field by field (a verified event is still only trusted
 * as far as its shape).
 */
import type Stripe from 'stripe';

/** What a `checkout.session.completed` event says about a purchase. */
export interface CompletedSession {
  /** Checkout session id (`cs_...`); empty when the event has none. */
  id: string;
  /** The buyer's `sub`, from `client_reference_id`; undefined when absent or malformed. */
  userSub: string | undefined;
  /** `metadata.packId`, when set. */
  packId: string | undefined;
  /** The payment link (`plink_...`) the session came from, when any. */
  paymentLink: string | undefined;
  /** Amount paid in the currency's smallest unit (cents). */
  amountTotal: number;
  /** Amount before discounts (cents), when given. */
  amountSubtotal: number | undefined;
  /** Currency, lower case (the buyer's, under Adaptive Pricing). */
  currency: string;
  /**
   * Adaptive Pricing (`currency_conversion`): the merchant's currency the session was priced in
   * and the amounts in it (smallest unit); undefined when the session was not converted.
   */
  conversion: { sourceCurrency: string; amountSubtotal: number; amountTotal: number } | undefined;
  /** True when `payment_status` is `paid`. */
  paid: boolean;
  /** The payment intent (`pi_...`), when any. */
  paymentIntent: string | undefined;
  /** The referral code after the sub in `client_reference_id` (upper case), when any. */
  referralCode: string | undefined;
}

/** A refund or a dispute: the payment intent it names. */
export interface Reversal {
  /** `refund` for `charge.refunded`, `dispute` for `charge.dispute.created`. */
  kind: 'refund' | 'dispute';
  /** The payment intent (`pi_...`) of the refunded or disputed charge; undefined when absent. */
  paymentIntent: string | undefined;
  /**
   * For a refund: the share of the charge refunded so far, in (0, 1] (`amount_refunded /
   * amount`, cumulative over partial refunds); 1 when the charge does not say. Always 1 for a
   * dispute.
   */
  refundedShare: number;
  /** For a partial refund: `amount_refunded` in cents (the key of its debit). */
  amountRefunded: number | undefined;
}

/** The end of a dispute (`charge.dispute.closed`): the payment intent and whether it was won. */
export interface DisputeClosed {
  /** The payment intent (`pi_...`) of the disputed charge; undefined when absent. */
  paymentIntent: string | undefined;
  /** True when Stripe says `status: 'won'` (the money came back to the merchant). */
  won: boolean;
}

/** Prefix of the payment link ids of the local checkout: `plink_local_<packId>`. */
const LOCAL_PAYMENT_LINK_PREFIX = 'plink_local_';

/** The payment link id the local checkout gives the sessions of `packId`. */
export function localPaymentLink(packId: string): string {
  return `${LOCAL_PAYMENT_LINK_PREFIX}${packId}`;
}

/**
 * The pack id of a payment link, for sessions without `metadata.packId`: the local checkout's
 * links name their pack; a real Stripe Payment Link names it in its metadata (copied to every
 * session it creates: see docs/api.md), so any other link yields undefined.
 */
export function packIdOfPaymentLink(link: string | undefined): string | undefined {
  return link?.startsWith(LOCAL_PAYMENT_LINK_PREFIX)
    ? link.slice(LOCAL_PAYMENT_LINK_PREFIX.length)
    : undefined;
}

/** A `sub`: a UUID in lower case, as our identity provider and Cognito issue them. */
const SUB = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The user of a `client_reference_id` (spec §2 "Pricing"): the sub, possibly followed by the
 * buyer's 8-character referral code; undefined when it does not start with a sub.
 */
export function subOfClientReference(reference: string | null | undefined): string | undefined {
  const match = reference ? SUB.exec(reference) : null;
  if (!match) return undefined;
  const rest = reference!.slice(match[0].length);
  return rest === '' || /^[0-9A-Za-z]{8}$/.test(rest) ? match[0].toLowerCase() : undefined;
}

/** The referral code of a `client_reference_id` (the 8 characters after the sub), upper case. */
export function referralCodeOfClientReference(
  reference: string | null | undefined,
): string | undefined {
  if (subOfClientReference(reference) === undefined) return undefined;
  const rest = reference!.slice(36);
  return rest === '' ? undefined : rest.toUpperCase();
}

/** The id of an expandable Stripe field (a string, or an object with an id), if any. */
function idOf(field: string | { id: string } | null | undefined): string | undefined {
  if (typeof field === 'string') return field;
  return field && typeof field.id === 'string' ? field.id : undefined;
}

/** A whole amount in a currency's smallest unit, or undefined. */
function amountOf(value: unknown): number | undefined {
  return Number.isSafeInteger(value) ? (value as number) : undefined;
}

/** The `currency_conversion` of an Adaptive Pricing session, when complete. */
function conversionOf(session: Stripe.Checkout.Session): CompletedSession['conversion'] {
  const conversion = session.currency_conversion;
  if (!conversion || typeof conversion.source_currency !== 'string') return undefined;
  const amountSubtotal = amountOf(conversion.amount_subtotal);
  const amountTotal = amountOf(conversion.amount_total);
  if (amountSubtotal === undefined || amountTotal === undefined) return undefined;
  return { sourceCurrency: conversion.source_currency.toLowerCase(), amountSubtotal, amountTotal };
}

/** Reads the purchase of a `checkout.session.completed` event. */
export function completedSession(session: Stripe.Checkout.Session): CompletedSession {
  const packId = session.metadata?.packId;
  return {
    id: typeof session.id === 'string' ? session.id : '',
    userSub: subOfClientReference(session.client_reference_id),
    packId: typeof packId === 'string' ? packId : undefined,
    paymentLink: idOf(session.payment_link),
    amountTotal: session.amount_total ?? 0,
    amountSubtotal: amountOf(session.amount_subtotal),
    currency: (session.currency ?? '').toLowerCase(),
    conversion: conversionOf(session),
    paid: session.payment_status === 'paid',
    paymentIntent: idOf(session.payment_intent),
    referralCode: referralCodeOfClientReference(session.client_reference_id),
  };
}

/** Reads the refund or dispute of a `charge.refunded` or `charge.dispute.created` event. */
export function reversalOf(
  event: Stripe.ChargeRefundedEvent | Stripe.ChargeDisputeCreatedEvent,
): Reversal {
  if (event.type !== 'charge.refunded') {
    const paymentIntent = idOf(event.data.object.payment_intent);
    return { kind: 'dispute', paymentIntent, refundedShare: 1, amountRefunded: undefined };
  }
  const charge = event.data.object;
  const { amount, amount_refunded: refunded } = charge;
  const partial =
    Number.isSafeInteger(amount) &&
    Number.isSafeInteger(refunded) &&
    amount > 0 &&
    refunded > 0 &&
    refunded < amount;
  return {
    kind: 'refund',
    paymentIntent: idOf(charge.payment_intent),
    refundedShare: partial ? refunded / amount : 1,
    amountRefunded: partial ? refunded : undefined,
  };
}

/** Reads a `charge.dispute.closed` event. */
export function disputeClosedOf(event: Stripe.ChargeDisputeClosedEvent): DisputeClosed {
  const dispute = event.data.object;
  return { paymentIntent: idOf(dispute.payment_intent), won: dispute.status === 'won' };
}
