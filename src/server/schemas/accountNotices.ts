/**
 * Schemas of the account's email notices (core/notices.ts; docs/api.md "Notices"):
 * `GET /v1/account/notices` and `PATCH /v1/account/notices`.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  LOW_BALANCE_MAX,
  LOW_BALANCE_MIN,
  type AccountNotices,
  type AccountNoticesPatch,
} from '../../core/notices';
import type { SameShape } from './common';

const VpnEndedSchema = Type.Boolean({
  description: 'Mail when one of my VPNs ends on its own (max-peanuts, balance at 0, deadline)',
});

const LOW_BALANCE_DESCRIPTION =
  'Mail when my balance falls below this many peanuts (once per crossing); null: off';

/** The threshold as the API answers it. */
const LowBalanceBelowSchema = Type.Union([Type.Number(), Type.Null()], {
  description: LOW_BALANCE_DESCRIPTION,
});

/**
 * The threshold as a `PATCH` takes it: one type list, not a union, so that the validator's type
 * coercion never turns a number it refuses (0, below the minimum) into null (off).
 */
const LowBalanceBelowInputSchema = Type.Unsafe<number | null>({
  type: ['number', 'null'],
  minimum: LOW_BALANCE_MIN,
  maximum: LOW_BALANCE_MAX,
  description: `${LOW_BALANCE_DESCRIPTION} (${LOW_BALANCE_MIN} to ${LOW_BALANCE_MAX})`,
});

/** `GET` and `PATCH` response: every notice setting, defaults filled in. */
export const AccountNoticesSchema = Type.Object(
  { vpnEnded: VpnEndedSchema, lowBalanceBelow: LowBalanceBelowSchema },
  { title: 'AccountNotices' },
);

/** `PATCH` body: at least one setting; the others stay as they are. */
export const AccountNoticesPatchSchema = Type.Object(
  {
    vpnEnded: Type.Optional(VpnEndedSchema),
    lowBalanceBelow: Type.Optional(LowBalanceBelowInputSchema),
  },
  { title: 'AccountNoticesPatch', additionalProperties: false, minProperties: 1 },
);

// Compile-time checks that the schemas and the shared core types stay the same shape.
const _notices: SameShape<Static<typeof AccountNoticesSchema>, AccountNotices> = true;
const _patch: SameShape<Static<typeof AccountNoticesPatchSchema>, AccountNoticesPatch> = true;
