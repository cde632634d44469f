/**
 * Schemas of the referral API (spec §3, §7): `/v1/referral/referralCode`,
 * `/referrerCode`, `/validate`, `/stats`, `/history`.
 */
import { Type, type Static } from '@sinclair/typebox';
import type {
  ReferralCodeResponse,
  ReferralHistoryResponse,
  ReferralStats,
  ReferralValidateRequest,
  ReferrerCodeResponse,
} from '../../core/referral';
import type { SameShape } from './common';

/** `GET /v1/referral/referralCode` answer. */
export const ReferralCodeSchema = Type.Object(
  { referralCode: Type.String({ examples: ['ABCDEF12'], description: "The caller's own code" }) },
  { title: 'ReferralCode' },
);

/** `GET /v1/referral/referrerCode` answer. */
export const ReferrerCodeSchema = Type.Object(
  {
    referrerCode: Type.Union([Type.String({ examples: ['ABCDEF12'] }), Type.Null()], {
      description: 'The code the caller used, or null',
    }),
  },
  { title: 'ReferrerCode' },
);

/** `POST /v1/referral/validate` body. */
export const ReferralValidateBodySchema = Type.Object(
  {
    referralCode: Type.String({
      maxLength: 64,
      description: 'The code to check (upper-cased, stripped to A-Z and 0-9, cut to 8 first)',
    }),
  },
  { title: 'ReferralValidateRequest' },
);

/** `POST /v1/referral/validate` answer. */
export const ReferralValidationSchema = Type.Object(
  {
    isValid: Type.Boolean(),
    error: Type.String({
      description: "'' when valid, else e.g. 'Error with referral code: ABCDEF12: Unknown code'",
    }),
    errorCode: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 8,
        description:
          'Spec §4, only when not valid: UNKNOWN 0 (programme disabled), INVALID_CODE 1, CODE_EXPIRED 2, CODE_ALREADY_USED 3, SELF_REFERRAL 4, INACTIVE_CODE 5, USER_NOT_ELIGIBLE 6',
      }),
    ),
  },
  { title: 'ReferralValidation' },
);

/** `GET /v1/referral/stats` answer. */
export const ReferralStatsSchema = Type.Object(
  {
    totalReferrals: Type.Integer({ description: 'Referrals the caller takes part in' }),
    totalRewardsEarned: Type.Number({ description: 'Peanuts credited, net of reversals' }),
  },
  { title: 'ReferralStats' },
);

/** `GET /v1/referral/history` query. */
export const ReferralHistoryQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Items per page' }),
  ),
  nextToken: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,18}$',
      description: "The previous page's pagination.nextToken",
    }),
  ),
});

/** One history item. */
export const ReferralHistoryItemSchema = Type.Object(
  {
    relationshipId: Type.String({ format: 'uuid' }),
    referralCode: Type.String({ examples: ['ABCDEF12'] }),
    createdAt: Type.String({ format: 'date-time' }),
    referrerReward: Type.Number({ description: 'Peanuts to the referrer (0 once reversed)' }),
    refereeReward: Type.Number({ description: 'Peanuts to the referee (0 once reversed)' }),
    role: Type.Union([Type.Literal('referrer'), Type.Literal('referee')], {
      description: "The caller's side",
    }),
    status: Type.Union(
      [Type.Literal('pending'), Type.Literal('rewarded'), Type.Literal('reversed')],
      { description: 'pending: held; rewarded: credited; reversed: withheld or debited back' },
    ),
  },
  { title: 'ReferralHistoryItem' },
);

/** `GET /v1/referral/history` answer. */
export const ReferralHistorySchema = Type.Object(
  {
    history: Type.Array(ReferralHistoryItemSchema, { description: 'Newest first' }),
    pagination: Type.Object({
      nextToken: Type.Union([Type.String(), Type.Null()]),
      hasMore: Type.Boolean(),
    }),
  },
  { title: 'ReferralHistory' },
);

// Compile-time checks that the schemas and the shared core types stay the same shape.
const _code: SameShape<Static<typeof ReferralCodeSchema>, ReferralCodeResponse> = true;
const _referrer: SameShape<Static<typeof ReferrerCodeSchema>, ReferrerCodeResponse> = true;
const _body: SameShape<Static<typeof ReferralValidateBodySchema>, ReferralValidateRequest> = true;
const _stats: SameShape<Static<typeof ReferralStatsSchema>, ReferralStats> = true;
// ReferralValidation's errorCode is a literal union of core; the schema says integer 0-8.
const _history: SameShape<Static<typeof ReferralHistorySchema>, ReferralHistoryResponse> = true;
