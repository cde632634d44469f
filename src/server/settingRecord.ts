/**
 * The shape of a setting's record and the helpers that declare one (see settings.ts); a leaf
 * module.
 */
import { Type, type TSchema } from '@sinclair/typebox';

/** Defaults of the `netns` provisioner's settings. */
export const NETNS_DEFAULTS = {
  ports: '51820-52819',
  addresses: '10.200.0.0/16',
  dns: '1.1.1.1, 1.0.0.1',
  prefix: 'pn',
} as const;

/** `HOST_MAX_BYTES_PER_S` by default: 10 Gbit/s, bytes per second. */
export const DEFAULT_MAX_BYTES_PER_S = 1.25e9;

/** Who reads a setting: the service (`npm start`), a VPN host (`npm run host`), or both. */
type SettingScope = 'service' | 'host' | 'both';

/** One setting (one environment variable). */
export interface SettingDoc {
  /** Environment variable name. */
  name: string;
  /**
   * The accepted value as a TypeBox schema: `Integer`/`Number` with `minimum`/`maximum`,
   * `Boolean`, a `Union` of literals (the choices) or `String`; its `default` keyword is the
   * embedded default when that is a constant.
   */
  schema: TSchema;
  /** One-line description. */
  description: string;
  /** Default value in words (embedded mode). */
  default: string;
  /** True when production (`NODE_ENV=production`) refuses to start without it. */
  requiredInProduction: boolean;
  /** True for a secret: never logged, and `<NAME>_FILE` (a file holding it) is accepted. */
  secret: boolean;
  /** Who reads it. */
  scope: SettingScope;
}

/** The optional fields of {@link setting}. */
type SettingInput = Omit<SettingDoc, 'requiredInProduction' | 'secret' | 'scope'> &
  Partial<Pick<SettingDoc, 'requiredInProduction' | 'secret' | 'scope'>>;

/** A record with the usual flags (not required, not secret, read by the service). */
export function setting(input: SettingInput): SettingDoc {
  return { requiredInProduction: false, secret: false, scope: 'service', ...input };
}

/** A whole number in [minimum, maximum]. */
export const int = (minimum: number, maximum: number, fallback?: number): TSchema =>
  Type.Integer({ minimum, maximum, ...(fallback === undefined ? {} : { default: fallback }) });
/** A decimal number in [minimum, maximum]. */
export const num = (minimum: number, maximum: number, fallback?: number): TSchema =>
  Type.Number({ minimum, maximum, ...(fallback === undefined ? {} : { default: fallback }) });
/** `true` or `false`. */
export const bool = (fallback?: boolean): TSchema =>
  Type.Boolean(fallback === undefined ? {} : { default: fallback });
/** One of `choices`, the first by default. */
export const choice = (choices: readonly string[]): TSchema =>
  Type.Union(
    choices.map((value) => Type.Literal(value)),
    { default: choices[0] },
  );
/** Free text. */
export const text = (fallback?: string): TSchema =>
  Type.String(fallback === undefined ? {} : { default: fallback });
