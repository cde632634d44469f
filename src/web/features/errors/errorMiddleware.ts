/**
 * Sends every rejected RTK Query query or mutation (and any thunk rejected with a value) to the
 * global error card (spec §8: all VPN, region and balance errors surface there), except the
 * referral endpoints whose page shows their own spec §8 messages.
 */
import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { REFERRAL_LOCAL_ERROR_ENDPOINTS } from '../referral';
import { isAbortedError } from './appError';
import { errorReported } from './errorSlice';

function endpointName(action: { meta?: unknown }): string | undefined {
  const arg = (action.meta as { arg?: { endpointName?: unknown } } | undefined)?.arg;
  return typeof arg?.endpointName === 'string' ? arg.endpointName : undefined;
}

/** Middleware that reports rejected-with-value actions, except cancellations, as global errors. */
export const rejectedErrorMiddleware: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (
    isRejectedWithValue(action) &&
    !isAbortedError(action.payload) &&
    !REFERRAL_LOCAL_ERROR_ENDPOINTS.has(endpointName(action) ?? '')
  ) {
    api.dispatch(errorReported(action.payload));
  }
  return result;
};
