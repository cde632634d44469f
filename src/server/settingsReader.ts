/**
 * Reads settings from the environment by their records (settings.ts), collecting every problem
 * so that a wrong environment is reported in one message rather than one setting at a time.
 *
 * A secret setting (`secret: true`) may instead be given as `<NAME>_FILE`, the path of a file
 * holding it (as container and systemd secrets are delivered); its content is trimmed (a
 * trailing newline is not part of the value). Setting both is an error.
 */
import { readFileSync } from 'node:fs';
import type { TSchema } from '@sinclair/typebox';
import { settingOf } from './settings';

/** The environment shape the loaders read (compatible with `process.env`). */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Thrown when settings are invalid or missing: `problems` holds one message per setting; the
 * message is that message when there is one, else a header and every message, one a line.
 */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `${problems.length} settings are invalid or missing:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'SettingsError';
  }
}

/** The `minimum`, `maximum` and `default` keywords of a numeric schema. */
function limits(schema: TSchema): { min: number; max: number; fallback: number | undefined } {
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (minimum === undefined || maximum === undefined) throw new Error('Schema without limits');
  return { min: minimum, max: maximum, fallback: schema.default as number | undefined };
}

/**
 * The `default` of `name`'s schema.
 * @throws Error when it has none (a programming error).
 */
function defaultOf(name: string): unknown {
  const value: unknown = settingOf(name).schema.default;
  if (value === undefined) throw new Error(`Setting ${name} has no default`);
  return value;
}

/** Reads settings from one environment and collects the problems (see the module comment). */
export class SettingsReader {
  private readonly problems: string[] = [];
  private readonly failed = new Set<string>();

  constructor(readonly env: Env) {}

  /** Records a problem of `name` (a message naming it); reading goes on. */
  fail(name: string, message: string): void {
    this.failed.add(name);
    this.problems.push(message);
  }

  /** Runs `check`; an Error it throws becomes a problem of `name` and `fallback` is returned. */
  attempt<T>(name: string, check: () => T, fallback: T): T {
    try {
      return check();
    } catch (error) {
      this.fail(name, (error as Error).message);
      return fallback;
    }
  }

  /**
   * The trimmed value of `name`, or undefined when unset or blank; for a secret, also from the
   * file named by `<NAME>_FILE`.
   */
  raw(name: string): string | undefined {
    const value = this.env[name]?.trim() || undefined;
    if (!settingOf(name).secret) return value;
    const file = this.env[`${name}_FILE`]?.trim() || undefined;
    if (file === undefined) return value;
    if (value !== undefined) {
      this.fail(name, `Set one of ${name} and ${name}_FILE, not both`);
      return value;
    }
    try {
      return readFileSync(file, 'utf8').trim() || undefined;
    } catch (error) {
      this.fail(
        name,
        `${name}_FILE: cannot read ${file}: ${(error as NodeJS.ErrnoException).code}`,
      );
      return undefined;
    }
  }

  /**
   * The value of `name`; when `required` and it is missing, the problem
   * `{NAME} unset in environment!` (spec §8 "Missing environment setting").
   */
  required(name: string, required: boolean): string | undefined {
    const value = this.raw(name);
    if (required && value === undefined && !this.failed.has(name)) {
      this.fail(name, `${name} unset in environment!`);
    }
    return value;
  }

  /**
   * The value of `name`, else its schema's default.
   * @throws Error when the schema has no default (a programming error: use `raw`).
   */
  text(name: string): string {
    return this.raw(name) ?? (defaultOf(name) as string);
  }

  /** The schema's default of text setting `name` (without reading it). */
  defaultText(name: string): string {
    return defaultOf(name) as string;
  }

  /**
   * A whole number within the schema's limits (`minimum` overrides its own); `fallback` when
   * unset, else the schema's default.
   * @throws Error when neither is given (a programming error: use `optionalInt`).
   */
  int(name: string, options: { fallback?: number; minimum?: number } = {}): number {
    return this.optionalInt(name, options) ?? (defaultOf(name) as number);
  }

  /** {@link int}, undefined when unset and the schema has no default (e.g. VPN_QUOTA). */
  optionalInt(
    name: string,
    options: { fallback?: number; minimum?: number } = {},
  ): number | undefined {
    const { min: schemaMin, max, fallback } = limits(settingOf(name).schema);
    const min = options.minimum ?? schemaMin;
    const byDefault = options.fallback ?? fallback;
    const raw = this.raw(name);
    if (raw === undefined) return byDefault;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      this.fail(name, `${name} must be a whole number from ${min} to ${max}, got: '${raw}'`);
      return byDefault;
    }
    return value;
  }

  /**
   * A decimal number within the schema's limits (`minimum` overrides its own); with `exponent`,
   * `1.25e9` is accepted too. The schema's default when unset.
   */
  number(name: string, options: { exponent?: boolean; minimum?: number } = {}): number {
    const { min: schemaMin, max, fallback } = limits(settingOf(name).schema);
    const min = options.minimum ?? schemaMin;
    const raw = this.raw(name);
    const byDefault = fallback ?? (defaultOf(name) as number);
    if (raw === undefined) return byDefault;
    const value = Number(raw);
    const shape = options.exponent ? /^\d+(\.\d+)?(e\d+)?$/i : /^\d+(\.\d+)?$/;
    if (!shape.test(raw) || !Number.isFinite(value) || value < min || value > max) {
      this.fail(name, `${name} must be a number from ${min} to ${max}, got: '${raw}'`);
      return byDefault;
    }
    return value;
  }

  /** `true` or `false` (any case); `fallback` when unset (default: the schema's default). */
  boolean(name: string, fallback?: boolean): boolean {
    const byDefault = fallback ?? (defaultOf(name) as boolean);
    const raw = this.raw(name)?.toLowerCase();
    if (raw === undefined) return byDefault;
    if (raw !== 'true' && raw !== 'false') {
      this.fail(name, `${name} must be true or false, got: '${raw}'`);
      return byDefault;
    }
    return raw === 'true';
  }

  /**
   * One of the schema's literals (its default when unset); `message` words the problem,
   * default `{NAME} must be one of a, b, got: 'x'`.
   */
  choice<T extends string>(
    name: string,
    choices: readonly T[],
    message = (raw: string) => `${name} must be one of ${choices.join(', ')}, got: '${raw}'`,
  ): T {
    const byDefault = defaultOf(name) as T;
    const raw = this.raw(name) ?? byDefault;
    if (!(choices as readonly string[]).includes(raw)) {
      this.fail(name, message(raw));
      return byDefault;
    }
    return raw as T;
  }

  /** True when some problem was recorded for `name`. */
  hasFailed(name: string): boolean {
    return this.failed.has(name);
  }

  /** @throws SettingsError listing every problem recorded, when there is any. */
  finish(): void {
    if (this.problems.length > 0) throw new SettingsError([...this.problems]);
  }
}
