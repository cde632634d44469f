/**
 * The serialisable error value of failed API calls in the store (RTK Query's `error`), made from
 * the SDK's ApiError and NetworkError or from any other thrown value.
 */
import { ApiError, NetworkError } from '../../../sdk/http';

/** A failed call, as kept in the store and shown by the error card. */
export type AppError =
  /** The API answered with an unexpected status; `data` is its body when it had one. */
  | { kind: 'api'; status: number; data?: unknown; request: string; message: string }
  /** The request got no answer (spec §8 'A network error has occurred.'). */
  | { kind: 'network'; request: string; message: string }
  /** Something failed in the browser before or after the request. */
  | { kind: 'client'; message: string }
  /** The call was cancelled; never shown. */
  | { kind: 'aborted'; message: string };

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'An unknown error has occurred.';
}

/**
 * Converts anything thrown by an SDK call into an {@link AppError}. `aborted` tells that the
 * call's signal was aborted, so the error is a cancellation rather than a failure.
 */
export function toAppError(error: unknown, aborted = false): AppError {
  if (error instanceof ApiError) {
    return {
      kind: 'api',
      status: error.status,
      ...(error.data === undefined ? {} : { data: error.data }),
      request: error.request,
      message: error.message,
    };
  }
  if (error instanceof NetworkError) {
    return { kind: 'network', request: error.request, message: error.message };
  }
  if (aborted || (error instanceof Error && error.name === 'AbortError')) {
    return { kind: 'aborted', message: messageOf(error) };
  }
  return { kind: 'client', message: messageOf(error) };
}

/** True for an {@link AppError} of kind `aborted` (a cancelled call, not shown to the user). */
export function isAbortedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as AppError).kind === 'aborted';
}
