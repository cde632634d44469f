/**
 * Schemas of the peanut statement (docs/architecture.md "peanut statement"):
 * `GET /v1/peanuts/history`.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { PeanutsHistoryResponse } from '../../core/statement';
import type { SameShape } from './common';

/** `GET /v1/peanuts/history` query. */
export const PeanutsHistoryQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Lines per page' }),
  ),
  cursor: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,18}$',
      description: "The previous page's nextCursor: lines older than it",
    }),
  ),
});

/** One statement line. */
export const PeanutsHistoryEntrySchema = Type.Object(
  {
    date: Type.String({ format: 'date-time', description: 'When it happened (ISO 8601)' }),
    kind: Type.String({
      description:
        'signup_bonus, purchase, usage (one line per VPN, summed), refund, dispute, referral_reward, referral_reversal, adjustment (by an operator)',
    }),
    amount: Type.Number({ description: 'Peanuts, signed: credits positive' }),
    balanceAfter: Type.Number({ description: 'Balance in peanuts right after it' }),
    reference: Type.Union([Type.String(), Type.Null()], {
      description:
        'The VPN id (usage), the checkout session id (purchase, refund, dispute) the relationshipId (referral_reward, referral_reversal) or the audit entry id (adjustment)',
    }),
    pack: Type.Optional(Type.String({ description: 'The pack of a purchase, refund or dispute' })),
    purchaseState: Type.Optional(
      Type.Union([Type.Literal('paid'), Type.Literal('refunded'), Type.Literal('disputed')], {
        description: 'The current state of that purchase',
      }),
    ),
  },
  { title: 'PeanutsHistoryEntry' },
);

/** `GET /v1/peanuts/history` response. */
export const PeanutsHistoryResponseSchema = Type.Object(
  {
    entries: Type.Array(PeanutsHistoryEntrySchema, { description: 'Newest first' }),
    nextCursor: Type.Union([Type.String(), Type.Null()], {
      description: 'Pass as cursor for the next (older) page; null on the last page',
    }),
  },
  { title: 'PeanutsHistory' },
);

// Compile-time check that the schema and the shared core type stay the same shape.
const _history: SameShape<
  Static<typeof PeanutsHistoryResponseSchema>,
  PeanutsHistoryResponse
> = true;
