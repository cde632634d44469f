/**
 * The balance badge's colour (spec §2 "Home", §9): error at 0 or below, warning above 0 up to 5,
 * info above 5.
 */
import { BALANCE_ERROR_AT_OR_BELOW, BALANCE_WARNING_UP_TO } from '../../../core/constants';
import { roundPeanuts } from '../../../core/peanuts';

/** The badge's colour. */
export type BalanceSeverity = 'error' | 'warning' | 'info';

/** The colour for `balance` peanuts. */
export function balanceSeverity(balance: number): BalanceSeverity {
  if (balance <= BALANCE_ERROR_AT_OR_BELOW) return 'error';
  if (balance <= BALANCE_WARNING_UP_TO) return 'warning';
  return 'info';
}

/** The balance as shown: 2 decimals (spec §9), e.g. `10.00`. */
export function formatBalance(balance: number): string {
  const rounded = roundPeanuts(balance);
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(2);
}
