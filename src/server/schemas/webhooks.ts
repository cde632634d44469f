/**
 * Schemas of the Stripe webhook endpoint: `POST /v1/webhooks/stripe`.
 */
import { Type } from '@sinclair/typebox';

/** `POST /v1/webhooks/stripe` response: the event was verified and recorded. */
export const WebhookReceivedSchema = Type.Object(
  {
    received: Type.Literal(true),
    outcome: Type.Union(
      [
        Type.Literal('applied'),
        Type.Literal('duplicate'),
        Type.Literal('unmatched'),
        Type.Literal('ignored'),
      ],
      {
        description:
          'applied: changed a balance; duplicate: already applied; unmatched: unknown user, pack or purchase (kept); ignored: an event type not used',
      },
    ),
  },
  { title: 'WebhookReceived' },
);
