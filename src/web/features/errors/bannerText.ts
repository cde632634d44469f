/**
 * The text of the global error card (spec §8 "Error banner text").
 */

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

/**
 * The banner text for `error`, by spec §8's order of preference:
 * 1. the response data, if present;
 * 2. for a network error, its message;
 * 3. otherwise the raw request, if there was one;
 * 4. for a client-side error, 'Client-side error: ' followed by its message;
 * 5. 'Internal Error'.
 * Non-string values are serialised as JSON. A bare string counts as a client-side message.
 */
export function bannerText(error: unknown): string {
  if (typeof error === 'string') {
    return isPresent(error) ? `${CLIENT_ERROR_PREFIX}: ${error}` : FALLBACK_ERROR_TEXT;
  }
  if (typeof error !== 'object' || error === null) return FALLBACK_ERROR_TEXT;
  const fields = error as Fields;
  if (isPresent(fields.data)) return serialiseErrorValue(fields.data);
  const message = error instanceof Error ? error.message : fields.message;
  if (isNetworkError(fields)) {
    if (isPresent(message)) return serialiseErrorValue(message);
    if (isPresent(fields.error)) return serialiseErrorValue(fields.error);
  }
  if (isPresent(fields.request)) return serialiseErrorValue(fields.request);
  if (isPresent(message)) return `${CLIENT_ERROR_PREFIX}: ${serialiseErrorValue(message)}`;
  return FALLBACK_ERROR_TEXT;
}
