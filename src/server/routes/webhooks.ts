/**
 * `POST /v1/webhooks/stripe` (docs/architecture.md "webhook secret"): Stripe's events, verified
 * with the official `stripe` library over the raw body and `STRIPE_WEBHOOK_SECRET`. A missing,
 * bad or stale (over 5 minutes old) signature answers 400 and changes nothing; a verified event
 * is applied by `app.billing` and answered 200, whatever its type or match.
 *
 * The secret is never logged, nor the signature header.
 *
 * The embedded default secret (`LOCAL_WEBHOOK_SECRET`) is public: anyone can sign with it. While
 * it is the secret, events are taken from loopback callers only (net/loopback.ts, the local
 * checkout delivers from this machine), unless `DEV_TOOLS_PUBLIC=true`: anyone else gets 403 and
 * nothing is read (docs/architecture.md "local checkout exposure"). Production refuses the
 * default secret (config.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Stripe from 'stripe';
import { LOCAL_WEBHOOK_SECRET } from '../config';
import { HttpError } from '../errors';
import { isLoopbackCaller, proxyTrust } from '../net/loopback';
import { errorResponses } from '../schemas/common';
import { WebhookReceivedSchema } from '../schemas/webhooks';

/** Registers the Stripe webhook endpoint (encapsulated: its JSON parser keeps the raw body). */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const secret = app.config.stripeWebhookSecret;
  if (secret === LOCAL_WEBHOOK_SECRET && !app.config.devToolsPublic) {
    const trust = proxyTrust(app.config.trustProxy);
    app.addHook('onRequest', async (request) => {
      if (isLoopbackCaller(request.raw, trust)) return;
      throw new HttpError(
        403,
        'Events signed with the public default STRIPE_WEBHOOK_SECRET are accepted from this ' +
          "machine only: set STRIPE_WEBHOOK_SECRET to your Stripe endpoint's signing secret",
      );
    });
  }
  // The signature covers the exact bytes sent: keep them, parse after verifying.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/v1/webhooks/stripe',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'Stripe events (checkout.session.completed, charge.refunded, charge.dispute.created)',
        headers: {
          type: 'object',
          properties: { 'stripe-signature': { type: 'string' } },
        },
        response: { 200: WebhookReceivedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new HttpError(400, 'Missing Stripe-Signature header');
      }
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError(400, 'The event must be sent as application/json');
      }
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new HttpError(400, 'Invalid Stripe-Signature: bad or stale signature');
        }
        throw new HttpError(400, 'The event is not valid JSON');
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data) {
        throw new HttpError(400, 'Not a Stripe event');
      }
      const { outcome, reason } = await app.billing.apply(event);
      request.log.info({ eventId: event.id, type: event.type, outcome, reason }, 'stripe event');
      return { received: true as const, outcome };
    },
  );
};

export default webhookRoutes;
