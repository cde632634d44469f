/**
 * The development companions of the embedded default (docs/architecture.md "Fixed points"):
 * the local mailbox at `GET /dev/mailbox/<email>`, the local checkout's delivered Stripe events
 * at `GET /dev/checkout/events` and the local SMS outbox at `GET /dev/sms/<phone>`. They hold
 * codes that let anyone take over an account, so:
 * - production never registers them (app.ts), so no `/dev/*` route exists there;
 * - they answer only loopback callers (net/loopback.ts `loopbackOnly`: a request carrying
 *   X-Forwarded-For or Forwarded counts only when TRUST_PROXY resolves it to loopback), unless
 *   the operator opts in with `DEV_TOOLS_PUBLIC=true` (logged as a warning at start); anyone
 *   else gets the 404 of a route that does not exist. The local checkout's pages
 *   (routes/checkout.ts) and the events signed with the public default secret
 *   (routes/webhooks.ts) follow the same rule.
 */
import type { FastifyInstance } from 'fastify';
import type { LocalCheckout } from '../billing/localCheckout';
import type { Mailbox, SmsOutbox } from '../identity';
import { loopbackOnly, type TrustProxy } from '../net/loopback';

/** Options of the development routes. */
export interface DevRoutesOptions {
  /** The local mailbox (absent when codes are mailed over SMTP: then no mailbox route). */
  mailbox?: Mailbox;
  /** The local SMS outbox (absent when the pool sends no text messages: then no sms route). */
  sms?: SmsOutbox;
  /** The local checkout (absent when every pack's link is elsewhere: then no events route). */
  checkout?: LocalCheckout;
  /** True to answer callers other than loopback too (`DEV_TOOLS_PUBLIC`). */
  public: boolean;
  /** The proxies whose forwarding headers are believed (`TRUST_PROXY`; default none). */
  trustProxy?: TrustProxy;
}

/** Registers the development companions, hidden from non-loopback callers unless public. */
export default async function devRoutes(
  app: FastifyInstance,
  opts: DevRoutesOptions,
): Promise<void> {
  if (opts.public) {
    app.log.warn(
      'DEV_TOOLS_PUBLIC=true: the development companions answer every caller; anyone who can ' +
        'reach this port can read confirmation and password reset codes under /dev/, pay on ' +
        'the local checkout /checkout/ and post events signed with the public default ' +
        'STRIPE_WEBHOOK_SECRET, crediting peanuts',
    );
  }
  loopbackOnly(app, { public: opts.public, trustProxy: opts.trustProxy ?? false });

  const mailbox = opts.mailbox;
  if (mailbox) {
    app.get<{ Params: { email: string } }>(
      '/dev/mailbox/:email',
      { schema: { hide: true } },
      async (request, reply) =>
        reply.header('cache-control', 'no-store').send(await mailbox.list(request.params.email)),
    );
  }

  const sms = opts.sms;
  if (sms) {
    app.get<{ Params: { phone: string } }>(
      '/dev/sms/:phone',
      { schema: { hide: true } },
      async (request, reply) =>
        reply.header('cache-control', 'no-store').send(await sms.list(request.params.phone)),
    );
  }

  const checkout = opts.checkout;
  if (checkout) {
    // Newest first, each `{body, signature, ...}`: a developer can replay one with curl.
    app.get('/dev/checkout/events', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(checkout.events()),
    );
  }
}
