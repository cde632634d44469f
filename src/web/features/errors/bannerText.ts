/**
 * The text of the global error card (spec §8 "Error banner text").
 */
import { PeanutError, VpnCreationError, VpnDeletionError } from '../../../core/errors';

/** Text shown when nothing better can be said about an error (spec §8). */
export const FALLBACK_ERROR_TEXT = 'Internal Error';
/** Prefix of errors that happened in the browser (spec §8). */
export const CLIENT_ERROR_PREFIX = 'Client-side error';

type Fields = { [key: string]: unknown };

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** Strings as they are; any other value serialised as JSON (String() when JSON cannot). */
export function serialiseErrorValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json;
  } catch {
    // circular or BigInt: fall through
  }
  return String(value);
}

function isNetworkError(error: Fields): boolean {
  return (
    error.kind === 'network' ||
    error.name === 'NetworkError' ||
    error.status === 'FETCH_ERROR' ||
    error.code === 'NetworkError'
  );
}

/** The response data an error carries: `data` (ApiError, AppError) or a refused create/delete's body. */
function responseData(error: object): unknown {
  if (error instanceof VpnCreationError || error instanceof VpnDeletionError) return error.body;
  return (error as Fields).data;
}

/**
 * The banner text for `error`, by spec §8's order of preference:
 * 1. the response data, if present (a refused create or delete shows the server's answer, e.g.
 *    `{"message":"User already has 54 active vpns. Quota reached."}`);
 * 2. for a network error, its message;
 * 3. otherwise the raw request, if there was one;
 * 4. for an error of the spec's catalogue (a core `PeanutError`: the §5 validation messages,
 *    'Timeout 300 expires!' for a wait time-out, 'Could not open new window', '{n} errors occured
 *    while listing vpns...', a VPN that ended Failed), its message exactly as the catalogue has it;
 * 5. for any other client-side error, 'Client-side error: ' followed by its message;
 * 6. 'Internal Error'.
 * Non-string values are serialised as JSON. A bare string counts as a client-side message.
 */
export function bannerText(error: unknown): string {
  if (typeof error === 'string') {
    return isPresent(error) ? `${CLIENT_ERROR_PREFIX}: ${error}` : FALLBACK_ERROR_TEXT;
  }
  if (typeof error !== 'object' || error === null) return FALLBACK_ERROR_TEXT;
  const fields = error as Fields;
  const data = responseData(error);
  if (isPresent(data)) return serialiseErrorValue(data);
  const message = error instanceof Error ? error.message : fields.message;
  if (isNetworkError(fields)) {
    if (isPresent(message)) return serialiseErrorValue(message);
    if (isPresent(fields.error)) return serialiseErrorValue(fields.error);
  }
  if (isPresent(fields.request)) return serialiseErrorValue(fields.request);
  if (error instanceof PeanutError && isPresent(error.message)) return error.message;
  if (isPresent(message)) return `${CLIENT_ERROR_PREFIX}: ${serialiseErrorValue(message)}`;
  return FALLBACK_ERROR_TEXT;
}
