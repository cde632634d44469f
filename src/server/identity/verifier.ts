/**
 * Verification of id tokens sent by clients in the Authorization header (spec §6): the API's one
 * verifier, accepting tokens of our embedded identity provider and, when configured, of a real
 * Cognito user pool (remote JWKS). Anything else — no header, the literal 'Unauthenticated',
 * a malformed, forged, expired or `alg: none` token, another issuer or audience, an access token —
 * throws `UnauthenticatedError` (answered 401 by the API).
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { ALGORITHM } from './tokens';

/** Why a request is not authenticated. */
export type UnauthenticatedReason =
  'missing' | 'malformed' | 'unknown-issuer' | 'expired' | 'invalid' | 'revoked';

/** The request carries no valid id token. */
export class UnauthenticatedError extends Error {
  /** What was wrong (for logs; never shown in detail to clients). */
  readonly reason: UnauthenticatedReason;
  /** HTTP status of the answer. */
  readonly statusCode = 401;

  /** Creates an error for `reason`. */
  constructor(reason: UnauthenticatedReason, message = 'Unauthenticated') {
    super(message);
    this.name = 'UnauthenticatedError';
    this.reason = reason;
  }
}

/** One accepted issuer and where its public keys come from. */
export interface TrustedIssuer {
  /** The exact `iss`, e.g. `http://localhost:8080/idp/local_peanutvpn` or
   *  `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
  issuer: string;
  /** A remote JWKS (default `<issuer>/.well-known/jwks.json` when no `keys` are given). */
  jwksUrl?: string;
  /** Local keys instead: a key set, or a jose key resolver (e.g. `app.identity.getKey`). */
  keys?: JSONWebKeySet | JWTVerifyGetKey;
  /** Optional revocation check (e.g. `app.identity.isSessionActive` on `origin_jti`). */
  isActive?: (payload: JWTPayload) => Promise<boolean>;
  /**
   * `isActive`'s answer when it is known without waiting (e.g. a reused answer still fresh):
   * true or false, or undefined when only `isActive` can tell. Used by
   * {@link IdTokenVerifier.verifyKnown}; without it, tokens of this issuer are never known.
   */
  isActiveNow?: (payload: JWTPayload) => boolean | undefined;
}

/** Options of `createIdTokenVerifier`. */
export interface IdTokenVerifierOptions {
  issuers: readonly TrustedIssuer[];
  /** Accepted audiences (app client ids). */
  clientIds: readonly string[];
  /** Current time in epoch milliseconds (default `Date.now`). */
  clock?: () => number;
  /**
   * Most verified tokens remembered (default {@link VERIFIED_TOKEN_CACHE_SIZE}; 0: none). A
   * token whose signature and claims were verified is not verified again until it expires; its
   * `isActive` check still runs on every call.
   */
  cacheSize?: number;
}

/** Default number of verified tokens remembered by a verifier. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/** Who a verified id token is about. */
export interface VerifiedIdentity {
  /** The user's `sub`. */
  sub: string;
  /** The user's email (empty when the token has none). */
  email: string;
  /** All claims (the VPN limits are read from them with core's `limitsFromClaims`). */
  claims: JWTPayload;
}

/** Verifies Authorization header values. */
export interface IdTokenVerifier {
  /** The identity of a valid id token in `authorization` (raw or `Bearer <token>`). */
  verify(authorization: string | undefined | null): Promise<VerifiedIdentity>;
  /**
   * The identity `verify` would return, when it is known at once: the token was verified
   * before, has not expired, and its issuer's session check answers true without waiting
   * (`isActiveNow`). Undefined otherwise, including for every token `verify` would refuse:
   * call `verify` then (it gives the reason). Never throws.
   */
  verifyKnown(authorization: string | undefined | null): VerifiedIdentity | undefined;
}

/** Characters of a token's end that key the verified tokens (its signature's, for a JWS). */
const TOKEN_KEY_LENGTH = 32;

/** The key of `token` among the verified tokens (two tokens sharing it only evict each other). */
function tokenKey(token: string): string {
  return token.length > TOKEN_KEY_LENGTH ? token.slice(-TOKEN_KEY_LENGTH) : token;
}

/** The token of an Authorization header value (raw or `Bearer <token>`); '' when there is none. */
function tokenOf(authorization: string | undefined | null): string {
  const value = authorization?.trim();
  if (!value || value === 'Unauthenticated') return '';
  return value.replace(/^Bearer\s+/i, '');
}

/** A verified token: its claims, its issuer and the identity `verify` returns for it. */
interface Verified {
  payload: JWTPayload;
  issuer: TrustedIssuer;
  /** Shared by every call with this token: never modify it. */
  identity: VerifiedIdentity;
}

/** The shape of a compact JWS: three base64url parts. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** Creates the verifier for `options.issuers`. */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const clock = options.clock ?? Date.now;
  const trusted = new Map<string, { getKey: JWTVerifyGetKey; issuer: TrustedIssuer }>();
  for (const issuer of options.issuers) {
    const { keys } = issuer;
    const getKey: JWTVerifyGetKey =
      typeof keys === 'function'
        ? keys
        : keys
          ? createLocalJWKSet(keys)
          : createRemoteJWKSet(new URL(issuer.jwksUrl ?? `${issuer.issuer}/.well-known/jwks.json`));
    trusted.set(issuer.issuer, { getKey, issuer });
  }
  if (options.clientIds.length === 0) throw new Error('createIdTokenVerifier needs a client id');
  const cacheSize = options.cacheSize ?? VERIFIED_TOKEN_CACHE_SIZE;
  /**
   * Verified tokens by the end of their signature ({@link tokenKey}) -> what they say and the
   * exact token, oldest first. A lookup hashes a few characters instead of the 1.2 KB token (a
   * header string is new on every request, so its hash is never cached), then compares the
   * whole token.
   */
  const verified = new Map<string, Verified & { token: string }>();

  /** The payload of a token verified before and not expired yet. */
  const remembered = (token: string): Verified | undefined => {
    const hit = verified.get(tokenKey(token));
    if (!hit || hit.token !== token) return undefined;
    // jose refuses a token once now >= exp (no clock tolerance): the same rule here.
    if (clock() < Number(hit.payload.exp) * 1000) return hit;
    verified.delete(tokenKey(token));
    return undefined;
  };
  const remember = (token: string, entry: Verified): void => {
    if (cacheSize <= 0) return;
    if (verified.size >= cacheSize) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(tokenKey(token), { ...entry, token });
  };

  /** Verifies the signature and claims of `token` (not its session). */
  const verifySigned = async (token: string): Promise<Verified> => {
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(token);
    } catch {
      throw new UnauthenticatedError('malformed');
    }
    const entry = typeof unverified.iss === 'string' ? trusted.get(unverified.iss) : undefined;
    if (!entry) throw new UnauthenticatedError('unknown-issuer');

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, entry.getKey, {
        issuer: entry.issuer.issuer,
        audience: [...options.clientIds],
        algorithms: [ALGORITHM],
        currentDate: new Date(clock()),
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new UnauthenticatedError('expired');
      throw new UnauthenticatedError('invalid');
    }
    if (payload.token_use !== 'id' || typeof payload.sub !== 'string') {
      throw new UnauthenticatedError('invalid');
    }
    const result: Verified = {
      payload,
      issuer: entry.issuer,
      identity: {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : '',
        claims: payload,
      },
    };
    remember(token, result);
    return result;
  };

  return {
    async verify(authorization) {
      const token = tokenOf(authorization);
      if (!token) throw new UnauthenticatedError('missing');
      // A remembered token passed every check below when it was verified.
      const known = remembered(token);
      if (!known && !COMPACT_JWS.test(token)) throw new UnauthenticatedError('malformed');
      const { payload, issuer, identity } = known ?? (await verifySigned(token));
      if (issuer.isActive && !(await issuer.isActive(payload))) {
        throw new UnauthenticatedError('revoked');
      }
      return identity;
    },

    verifyKnown(authorization) {
      const token = tokenOf(authorization);
      const known = token ? remembered(token) : undefined;
      if (!known) return undefined;
      const { issuer } = known;
      if (issuer.isActive && issuer.isActiveNow?.(known.payload) !== true) return undefined;
      return known.identity;
    },
  };
}
