/**
 * What the fuzz test (fuzz.test.ts) sends: hostile strings, JSON values, bodies of every wrong
 * shape, encoded paths and content types, as fast-check arbitraries.
 */
import fc from 'fast-check';

/** One request to send. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Strings that have broken servers before. */
const NASTY = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//',
  "' OR '1'='1",
  "'; DROP TABLE vpns; --",
  '" OR 1=1 --',
  '$(reboot)',
  '`id`',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '%00',
  '%',
  '%ZZ',
  '\\',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '0x7fffffff',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '🥜'.repeat(300),
  '\u202e\u0301\u200b\ufeff',
  'Ａ＠ｂ．ｃ',
  '\ud800',
  'a'.repeat(70_000),
  '1710931200000@eu-west-3',
  '1710931200000@xx-nowhere-1',
  '99999999999999999999@eu-west-3',
  '-5@eu-west-3',
];

/** A hostile string: the list above, arbitrary unicode, or both glued. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.constantFrom(...NASTY), fc.string({ maxLength: 10 })).map(([a, b]) => a + b),
);

/** Any JSON value, of any type, with hostile strings among the leaves. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
);

/** A JSON document `depth` levels deep. */
function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Bodies: absent, malformed, huge, deeply nested, or shaped like `fields` with wrong types. */
export function bodyArb(fields: readonly string[]): fc.Arbitrary<string | undefined> {
  const shaped = fc
    .record(Object.fromEntries(fields.map((field) => [field, anyValue])), { requiredKeys: [] })
    .map((body) => JSON.stringify(body));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: shaped },
    { weight: 2, arbitrary: anyValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom('array', 'object' as const))
        .map(([depth, kind]) => nested(depth, kind)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":1}}}',
        '{"a":1,"a":2}',
        '{',
        '"\\ud800"',
        '\u0000',
        `"${'x'.repeat(2 * 1024 * 1024)}"`,
        JSON.stringify({ region: ['eu-west-3'], config: 'wireguard' }),
      ),
    },
  );
}

/**
 * `text` for a URL path: every byte of its UTF-8 percent-encoded, except (when `raw`) printable
 * ASCII other than space, `?` and `#`, which stays as is (so `../` reaches the router raw).
 */
export function encodePath(text: string, raw: boolean): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    const keep = raw
      ? byte > 0x20 && byte < 0x7f && char !== '?' && char !== '#'
      : /[A-Za-z0-9_.~-]/.test(char);
    out += keep ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Content types, right and wrong. */
export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/x-amz-json-1.1',
  'application/xml',
  'application/octet-stream',
  '',
  '*/*',
  'application/json, text/plain',
);
