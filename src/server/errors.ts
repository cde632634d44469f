/**
 * Error answers (spec §8, §9): every error is JSON `{ message }`. Client errors (4xx) say what
 * was wrong; server errors (5xx) always read 'An error happened in the backend' and never leak
 * internals, which are logged instead.
 *
 * Business errors of src/core (PeanutError and its subclasses) answer their own `httpStatus`
 * with their spec message: 400 for a VPN-related product error (validation, balance, quota,
 * limits claim), 404 'Vpn not found' for a missing VPN or another user's (spec §9).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isPeanutError } from '../core/errors';
import { safeMessage } from './logger';
import type { ErrorBody } from './schemas/common';

/** The body of every 5xx answer (spec §9 "Both carry 'An error happened in the backend'"). */
export const BACKEND_ERROR_MESSAGE = 'An error happened in the backend';
/** The message of a 404 answer for an unknown API path. */
export const NOT_FOUND_MESSAGE = 'Not Found';

/** An error with an HTTP status: thrown by handlers for 4xx answers with a client message. */
export class HttpError extends Error {
  /** HTTP status code (400-599). */
  readonly statusCode: number;

  /** Creates an error answered with `statusCode` and, for a 4xx, `message`. */
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

/** Status of `error`: its own when it is a valid 4xx/5xx code, else 500. */
function statusOf(error: Partial<FastifyError>): number {
  const status = isPeanutError(error) ? error.httpStatus : error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/**
 * Fastify error handler: 4xx (validation -> 400, body too large -> 413, rate limit -> 429...)
 * answer `{ message }` with the error's message; anything else is logged and answered 500 (or
 * its 5xx status) with the fixed backend message.
 */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = statusOf(error);
  if (status < 500) {
    request.log.info(
      { statusCode: status, code: error.code, message: error.message },
      'client error',
    );
    const body: ErrorBody = { message: error.message };
    return reply.code(status).send(body);
  }
  request.log.error({ err: safeMessage(error), code: error.code }, 'server error');
  const body: ErrorBody = { message: BACKEND_ERROR_MESSAGE };
  return reply.code(status).send(body);
}

/**
 * Throws the 400 Fastify answers for a query integer out of `[minimum, maximum]` when `value` is
 * not finite:
 * Ajv (Fastify's validator) coerces `?n=Infinity` or `?n=1e309` to Infinity and lets it through
 * an integer schema, minimum and maximum included (it reached the SQL `LIMIT`).
 */
export function assertFiniteQuery(
  value: number | undefined,
  name: string,
  [minimum, maximum]: readonly [number, number],
): void {
  if (value === undefined || Number.isFinite(value)) return;
  const rule = value > 0 ? `<= ${maximum}` : `>= ${minimum}`;
  throw new HttpError(400, `querystring/${name} must be ${rule}`);
}
