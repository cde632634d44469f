/**
 * Tokens of the identity provider (docs/architecture.md "Server"): RS256 JWTs shaped like
 * Cognito's, signed with a key generated on first start and kept in the database; opaque refresh
 * tokens of which only a hash is stored.
 *
 * - id token: sub, email, email_verified, phone_number and phone_number_verified (when the user
 *   has a phone number), cognito:username, aud = client id, token_use = id,
 *   iss = `<origin>/idp/<poolId>`, auth_time, origin_jti, jti, iat, exp (1 h), and the VPN
 *   limits as the JSON string claim `custom:config` (spec §3);
 * - access token: sub, username, client_id, token_use = access, scope, origin_jti, jti,
 *   auth_time, iat, exp (1 h).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
  type KeyLike,
} from 'jose';
import { CONFIG_CLAIM, type VpnConfigLimits } from '../../core/limits';
import type { IdentityDb } from './db';
import { idpErrors } from './errors';
import { idpSigningKeys } from './schema';

/** Lifetime of id and access tokens, in seconds. */
export const TOKEN_TTL_SECONDS = 3600;
/** Lifetime of a refresh token (a sign-in session), in milliseconds: 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** Scope of access tokens. */
export const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';
/** The only signing algorithm. */
export const ALGORITHM = 'RS256';

/** SHA-256 of a secret (refresh token, secret block, code), hex: what the database keeps. */
export function hashSecret(secret: string | Buffer): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new opaque refresh token (64 random bytes, base64url). */
export function newRefreshToken(): string {
  return randomBytes(64).toString('base64url');
}

/** The issuer of a pool served at `origin`: `<origin>/idp/<poolId>`. */
export function issuerOf(origin: string, poolId: string): string {
  return `${origin.replace(/\/+$/, '')}/idp/${poolId}`;
}

/** A private signing key and its id. */
interface SigningKey {
  kid: string;
  privateKey: KeyLike | Uint8Array;
}

/** Generates an RS256 key pair and stores it (unless another process just did the same). */
async function createSigningKey(db: IdentityDb): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, {
    modulusLength: 2048,
    extractable: true,
  });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await db
    .insert(idpSigningKeys)
    .values({
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM },
      publicJwk: { ...publicJwk, kid, alg: ALGORITHM, use: 'sig' },
    })
    .onConflictDoNothing();
}

/** Every stored key, oldest first (the oldest signs, so concurrent first starts agree). */
async function storedKeys(db: IdentityDb) {
  return db
    .select()
    .from(idpSigningKeys)
    .orderBy(asc(idpSigningKeys.createdAt), asc(idpSigningKeys.kid));
}

/** A user as the tokens describe them. */
export interface TokenUser {
  sub: string;
  username: string;
  email: string;
  emailVerified: boolean;
  /** E.164 phone number, when the user has one (claims `phone_number`, `phone_number_verified`). */
  phoneNumber?: string | null;
  /** True once the phone number was proven by an SMS code. */
  phoneVerified?: boolean;
}

/** A sign-in session as the tokens describe it. */
export interface TokenSession {
  /** The session's id (`origin_jti`). */
  originJti: string;
  /** When the user authenticated, epoch milliseconds. */
  authTime: number;
}

/** Freshly issued id and access tokens. */
export interface IssuedTokens {
  idToken: string;
  accessToken: string;
  /** Seconds until they expire. */
  expiresIn: number;
}

/** The verified claims of one of our access tokens. */
export interface AccessClaims {
  sub: string;
  username: string;
  originJti: string;
}

/** Options of `TokenService.create`. */
export interface TokenServiceOptions {
  db: IdentityDb;
  /** `<origin>/idp/<poolId>`. */
  issuer: string;
  clientId: string;
  limits: VpnConfigLimits;
  /** Current time in epoch milliseconds. */
  clock: () => number;
}

/** Minimum time between two reloads of the key set on an unknown `kid`, in ms. */
const RELOAD_INTERVAL_MS = 30_000;

/** Signs and verifies the pool's tokens with the keys in the database. */
export class TokenService {
  private signing: SigningKey;
  private keySet: JSONWebKeySet;
  private local: JWTVerifyGetKey;
  private lastReload: number;

  private constructor(
    private readonly options: TokenServiceOptions,
    signing: SigningKey,
    keySet: JSONWebKeySet,
  ) {
    this.signing = signing;
    this.keySet = keySet;
    this.local = createLocalJWKSet(keySet);
    this.lastReload = options.clock();
  }

  /** Loads the keys, generating the first one when the database has none. */
  static async create(options: TokenServiceOptions): Promise<TokenService> {
    let rows = await storedKeys(options.db);
    if (rows.length === 0) {
      await createSigningKey(options.db);
      rows = await storedKeys(options.db);
    }
    const first = rows[0];
    const signing = { kid: first.kid, privateKey: await importJWK(first.privateJwk, ALGORITHM) };
    return new TokenService(options, signing, { keys: rows.map((row) => row.publicJwk) });
  }

  /** The issuer (`iss`). */
  get issuer(): string {
    return this.options.issuer;
  }

  /** The public keys, as served at `/.well-known/jwks.json`. */
  jwks(): JSONWebKeySet {
    return { keys: this.keySet.keys.map((key: JWK) => ({ ...key })) };
  }

  /**
   * jose key resolver over the public keys; an unknown `kid` reloads them from the database
   * (at most every 30 s), so keys added by another process are found.
   */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await this.local(header, token);
    } catch (error) {
      const now = this.options.clock();
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      if (now - this.lastReload < RELOAD_INTERVAL_MS) throw error;
      this.lastReload = now;
      const rows = await storedKeys(this.options.db);
      this.keySet = { keys: rows.map((row) => row.publicJwk) };
      this.local = createLocalJWKSet(this.keySet);
      return this.local(header, token);
    }
  };

  /** Issues the id and access tokens of `user` for `session`. */
  async issue(user: TokenUser, session: TokenSession): Promise<IssuedTokens> {
    const { issuer, clientId, limits, clock } = this.options;
    const iat = Math.floor(clock() / 1000);
    const exp = iat + TOKEN_TTL_SECONDS;
    const authTime = Math.floor(session.authTime / 1000);
    const header = { alg: ALGORITHM, kid: this.signing.kid };
    const idToken = await new SignJWT({
      email: user.email,
      email_verified: user.emailVerified,
      ...(user.phoneNumber
        ? { phone_number: user.phoneNumber, phone_number_verified: user.phoneVerified === true }
        : {}),
      'cognito:username': user.username,
      token_use: 'id',
      auth_time: authTime,
      origin_jti: session.originJti,
      [CONFIG_CLAIM]: JSON.stringify(limits),
    })
      .setProtectedHeader(header)
      .setSubject(user.sub)
      .setIssuer(issuer)
      .setAudience(clientId)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(this.signing.privateKey);
    const accessToken = await new SignJWT({
      client_id: clientId,
      token_use: 'access',
      scope: ACCESS_SCOPE,
      auth_time: authTime,
      origin_jti: session.originJti,
      username: user.username,
    })
      .setProtectedHeader(header)
      .setSubject(user.sub)
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(this.signing.privateKey);
    return { idToken, accessToken, expiresIn: TOKEN_TTL_SECONDS };
  }

  /**
   * Verifies one of our access tokens (signature, issuer, expiry, token_use, client_id) and
   * returns its claims; throws NotAuthorizedException otherwise. Revocation is checked by the
   * caller (the session of `originJti`).
   */
  async verifyAccessToken(token: unknown): Promise<AccessClaims> {
    if (typeof token !== 'string' || token === '') throw idpErrors.invalidAccessToken();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.getKey, {
        issuer: this.options.issuer,
        algorithms: [ALGORITHM],
        currentDate: new Date(this.options.clock()),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw idpErrors.expiredAccessToken();
      throw idpErrors.invalidAccessToken();
    }
    const { sub, username, origin_jti: originJti } = payload;
    if (
      payload.token_use !== 'access' ||
      payload.client_id !== this.options.clientId ||
      typeof sub !== 'string' ||
      typeof username !== 'string' ||
      typeof originJti !== 'string'
    ) {
      throw idpErrors.invalidAccessToken();
    }
    return { sub, username, originJti };
  }
}
