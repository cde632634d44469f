/**
 * The development companions of the embedded default (DESIGN.md "Fixed points", issue 13):
 * the local mailbox at `GET /dev/mailbox/<email>` and the local checkout's delivered Stripe events
 * at `GET /dev/checkout/events` and the local SMS outbox at `GET /dev/sms/<phone>`. They hold codes that let anyone take over an account, so:
 * - production never registers them (app.ts), so no `/dev/*` route exists there;
 * - they answer only callers on the loopback interface, unless the operator opts in with
 *   `DEV_TOOLS_PUBLIC=true` (logged as a warning at start); anyone else gets the 404 of a
 *   route that does not exist.
 *
 * A caller counts as loopback only when both the socket's peer and the client address
 * (`request.ip`, which follows X-Forwarded-For only from the proxies TRUST_PROXY names) are
 * loopback: a reverse proxy on this machine does not make the world local.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LocalCheckout } from '../billing/localCheckout';
import type { Mailbox, SmsOutbox } from '../identity';
import { isLoopbackAddress } from '../net/loopback';

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
}

/** True when the request comes from this machine (socket peer and client address). */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

/** Registers the development companions, hidden from non-loopback callers unless public. */
export default async function devRoutes(
  app: FastifyInstance,
  opts: DevRoutesOptions,
): Promise<void> {
  if (opts.public) {
    app.log.warn(
      'DEV_TOOLS_PUBLIC=true: the local mailbox under /dev/ answers every caller; anyone who can ' +
        'reach this port can read confirmation and password reset codes',
    );
  } else {
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isLoopbackRequest(request)) {
        request.log.info(
          { url: request.routeOptions.url },
          'dev route hidden from non-loopback caller',
        );
        return reply.callNotFound();
      }
    });
  }

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
