/**
 * Schemas shared by every route (spec §8): the JSON error body.
 */
import { Type, type Static } from '@sinclair/typebox';

/** Every error answer: `{ message }` (4xx: what was wrong; 5xx: a fixed text, never internals). */
export const ErrorSchema = Type.Object(
  { message: Type.String({ description: 'What went wrong' }) },
  { title: 'Error', description: 'An error' },
);
/** An error answer body. */
export type ErrorBody = Static<typeof ErrorSchema>;

/** Response schemas for the error statuses every route can answer (rate limit, server error). */
export const errorResponses = {
  '4xx': ErrorSchema,
  '5xx': ErrorSchema,
} as const;

/** `true` when A and B are mutually assignable, else `never` (a compile-time shape check). */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
