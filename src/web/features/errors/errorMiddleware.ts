/**
 * Sends every rejected RTK Query query or mutation (and any thunk rejected with a value) to the
 * global error card (spec §8: all VPN, region and balance errors surface there).
 */
import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { isAbortedError } from './appError';
import { errorReported } from './errorSlice';

/** Middleware that reports rejected-with-value actions, except cancellations, as global errors. */
export const rejectedErrorMiddleware: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (isRejectedWithValue(action) && !isAbortedError(action.payload)) {
    api.dispatch(errorReported(action.payload));
  }
  return result;
};
