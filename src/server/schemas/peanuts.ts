/**
 * Schemas of the peanuts balance (spec §3 "Balance", §7 `GET /v1/peanuts`).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { PeanutsBalanceResponse } from '../../core/peanuts';
import type { SameShape } from './common';

/** `GET /v1/peanuts` response. */
export const PeanutsBalanceResponseSchema = Type.Object(
  {
    balance: Type.Number({
      description: 'Balance in peanuts, exact to the nano-peanut; may be negative',
    }),
  },
  { title: 'PeanutsBalance' },
);

// Compile-time check that the schema and the shared core type stay the same shape.
const _balance: SameShape<
  Static<typeof PeanutsBalanceResponseSchema>,
  PeanutsBalanceResponse
> = true;
