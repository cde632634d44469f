/**
 * The local checkout of the embedded default (docs/architecture.md "local checkout"): stands in
 * for Stripe so that buying a pack runs on one machine. Paying makes a checkout session like a
 * real one and delivers a `checkout.session.completed` event, signed in Stripe's format with the
 * webhook secret, to `POST /v1/webhooks/stripe`; a failed delivery is retried with exponential
 * backoff, as Stripe does. Refund and Dispute of a paid session send `charge.refunded` and
 * `charge.dispute.created` the same way, and winning a dispute `charge.dispute.closed` (`won`).
 * Every delivered event is kept, newest first, for
 * `GET /dev/checkout/events`. Sessions are kept by a store (the app's: the database, so a paid
 * session can be refunded after a restart); delivered events live in memory (a development
 * tool's log).
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PeanutsPack } from '../../core/packs';
import { localPaymentLink } from './events';

/** A session of the local checkout. */
export interface LocalSession {
  /** Checkout session id, `cs_test_...`. */
  id: string;
  /** The pack bought. */
  packId: string;
  /** What the pack's link was opened with (the buyer's sub, maybe with a referral code). */
  clientReferenceId: string | null;
  /** The buyer's email, when given. */
  email: string | null;
  /** The promotion code entered, when any (shown only: the local checkout gives no discount). */
  promoCode: string | null;
  /** Amount paid in cents. */
  amountTotal: number;
  /** The payment intent, `pi_...`. */
  paymentIntent: string;
  /** `paid`, then `refunded` or `disputed` (and `paid` again when a dispute is won). */
  state: 'paid' | 'refunded' | 'disputed';
}

/** One event sent to the webhook endpoint (`GET /dev/checkout/events`). */
export interface DeliveredEvent {
  /** The event id, `evt_...`. */
  id: string;
  /** The event type. */
  type: string;
  /** The exact JSON body delivered. */
  body: string;
  /** Its `Stripe-Signature` header. */
  signature: string;
  /** The checkout session it is about. */
  sessionId: string;
  /** Delivery attempts so far. */
  attempts: number;
  /** HTTP status of the last attempt (0: no answer). */
  lastStatus: number;
  /** `delivered` (2xx), `retrying`, or `failed` (gave up). */
  status: 'delivered' | 'retrying' | 'failed';
  /** When the event was created, ISO 8601. */
  createdAt: string;
}

/** Where the sessions are kept. */
export interface LocalSessionStore {
  /** The session `id`, or undefined. */
  get(id: string): Promise<LocalSession | undefined>;
  /** Keeps a new session. */
  insert(session: LocalSession): Promise<void>;
  /**
   * Moves the session `id` from state `from` to `to`; false when there is no such session in
   * `from` (atomic: of two concurrent calls, one wins).
   */
  move(id: string, from: LocalSession['state'], to: LocalSession['state']): Promise<boolean>;
}

/** A store in memory (tests, and LocalCheckout's default). */
export function memorySessionStore(): LocalSessionStore {
  const sessions = new Map<string, LocalSession>();
  return {
    get: async (id) => {
      const session = sessions.get(id);
      return session && { ...session };
    },
    insert: async (session) => {
      sessions.set(session.id, { ...session });
    },
    move: async (id, from, to) => {
      const session = sessions.get(id);
      if (!session || session.state !== from) return false;
      session.state = to;
      return true;
    },
  };
}

/** Sends one signed body to the webhook endpoint; answers the HTTP status (0: no answer). */
export type WebhookSender = (body: string, signature: string) => Promise<number>;

/** Options of the local checkout. */
export interface LocalCheckoutOptions {
  /** The webhook signing secret (`STRIPE_WEBHOOK_SECRET`). */
  secret: string;
  /** Delivers to `POST /v1/webhooks/stripe`. */
  send: WebhookSender;
  /** Delay before the first retry in ms, doubled each retry (default 1000). */
  retryBaseMs?: number;
  /** Most delivery attempts per event (default 8). */
  maxAttempts?: number;
  /** Most events kept (default 500; the oldest go first). */
  keepEvents?: number;
  /** Where sessions are kept (default: in memory). */
  store?: LocalSessionStore;
}

/** A random Stripe-style id with `prefix`. */
function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** What a buyer brings to the checkout page. */
export interface CheckoutInput {
  clientReferenceId: string | null;
  email: string | null;
  promoCode: string | null;
}

/** The local checkout: sessions, signed deliveries with retries, and the delivered events. */
export class LocalCheckout {
  private readonly sessions: LocalSessionStore;
  private readonly delivered: DeliveredEvent[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: LocalCheckoutOptions) {
    this.sessions = options.store ?? memorySessionStore();
  }

  /** The session `id`, or undefined. */
  session(id: string): Promise<LocalSession | undefined> {
    return this.sessions.get(id);
  }

  /** Every delivered event, newest first (copies). */
  events(): DeliveredEvent[] {
    return this.delivered.map((event) => ({ ...event }));
  }

  /** The events about session `id`, newest first. */
  eventsOf(id: string): DeliveredEvent[] {
    return this.events().filter((event) => event.sessionId === id);
  }

  /**
   * Pays for `pack`: makes a paid session and delivers its `checkout.session.completed` (the
   * first attempt is awaited; retries continue in the background).
   */
  async pay(pack: PeanutsPack, input: CheckoutInput): Promise<LocalSession> {
    const session: LocalSession = {
      id: stripeId('cs_test'),
      packId: pack.id,
      clientReferenceId: input.clientReferenceId,
      email: input.email,
      promoCode: input.promoCode,
      amountTotal: Math.round(pack.price * 100),
      paymentIntent: stripeId('pi'),
      state: 'paid',
    };
    await this.sessions.insert(session);
    await this.send(session, 'checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: session.clientReferenceId,
      customer_details: { email: session.email },
      customer_email: session.email,
      amount_total: session.amountTotal,
      amount_subtotal: session.amountTotal,
      currency: 'usd',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      payment_intent: session.paymentIntent,
      payment_link: localPaymentLink(pack.id),
      metadata: { packId: pack.id },
    });
    return { ...session };
  }

  /**
   * Refunds (`charge.refunded`) or disputes (`charge.dispute.created`) the paid session `id`.
   * Returns false when there is no such paid session.
   */
  async reverse(id: string, kind: 'refund' | 'dispute'): Promise<boolean> {
    const session = await this.sessions.get(id);
    if (
      !session ||
      !(await this.sessions.move(id, 'paid', kind === 'refund' ? 'refunded' : 'disputed'))
    ) {
      return false;
    }
    const charge = stripeId('ch');
    if (kind === 'refund') {
      await this.send(session, 'charge.refunded', {
        id: charge,
        object: 'charge',
        amount: session.amountTotal,
        amount_refunded: session.amountTotal,
        currency: 'usd',
        paid: true,
        refunded: true,
        payment_intent: session.paymentIntent,
      });
    } else {
      await this.send(session, 'charge.dispute.created', {
        id: stripeId('dp'),
        object: 'dispute',
        amount: session.amountTotal,
        currency: 'usd',
        charge,
        payment_intent: session.paymentIntent,
        reason: 'fraudulent',
        status: 'needs_response',
      });
    }
    return true;
  }

  /**
   * Closes the dispute of the disputed session `id` as won by the merchant
   * (`charge.dispute.closed`, `status: 'won'`): the session is paid again. Returns false when
   * there is no such disputed session.
   */
  async winDispute(id: string): Promise<boolean> {
    const session = await this.sessions.get(id);
    if (!session || !(await this.sessions.move(id, 'disputed', 'paid'))) return false;
    await this.send(session, 'charge.dispute.closed', {
      id: stripeId('dp'),
      object: 'dispute',
      amount: session.amountTotal,
      currency: 'usd',
      charge: stripeId('ch'),
      payment_intent: session.paymentIntent,
      reason: 'fraudulent',
      status: 'won',
    });
    return true;
  }

  /** Stops the pending retries. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Builds, signs, keeps and delivers one event about `session`. */
  private async send(
    session: LocalSession,
    type: string,
    object: Record<string, unknown>,
  ): Promise<void> {
    const created = Math.floor(Date.now() / 1000);
    const id = stripeId('evt');
    const body = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created,
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: this.options.secret,
      timestamp: created,
    });
    const event: DeliveredEvent = {
      id,
      type,
      body,
      signature,
      sessionId: session.id,
      attempts: 0,
      lastStatus: 0,
      status: 'retrying',
      createdAt: new Date(created * 1000).toISOString(),
    };
    this.delivered.unshift(event);
    this.delivered.splice(this.options.keepEvents ?? 500);
    await this.attempt(event);
  }

  /** One delivery attempt of `event`; schedules the next one when it fails. */
  private async attempt(event: DeliveredEvent): Promise<void> {
    event.attempts += 1;
    // Like Stripe, a retry is signed anew: a signature older than 5 minutes is refused.
    if (event.attempts > 1) {
      event.signature = Stripe.webhooks.generateTestHeaderString({
        payload: event.body,
        secret: this.options.secret,
      });
    }
    event.lastStatus = await this.options.send(event.body, event.signature).catch(() => 0);
    if (event.lastStatus >= 200 && event.lastStatus < 300) {
      event.status = 'delivered';
      return;
    }
    if (this.closed || event.attempts >= (this.options.maxAttempts ?? 8)) {
      event.status = 'failed';
      return;
    }
    const delay = (this.options.retryBaseMs ?? 1000) * 2 ** (event.attempts - 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
