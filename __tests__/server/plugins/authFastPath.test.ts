/**
 * The auth hook's fast path (auth.ts `authenticateKnown`): a request is accepted without a
 * promise only when the token was verified before and has not expired, its session check's
 * answer is kept and true, and its account's `disabled` answer is kept and false. A sign-out or
 * an operator's change in this process (the kept answers forgotten), an expired token, a token
 * never verified, or a Cognito user whose row may have to be made all go to the full path.
 */
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import { createIdTokenVerifier } from '../../../src/server/identity/verifier';
import { authenticateKnown, reuseSessionChecks } from '../../../src/server/plugins/services/auth';
import { reuseAnswers } from '../../../src/server/plugins/services/reusedAnswers';

const ISSUER = 'http://localhost:8080/idp/local_fastpath';
const CLIENT_ID = 'fastpath-client';
const SUB = '7e0c4d52-2f0b-4c83-9d55-5a1c1c2f9d01';
const JTI = 'c1a4f8e2-6b5d-4a8e-8f0e-2d9b7c3a1e55';

describe('reuseAnswers.peek', () => {
  it('gives a fresh kept answer without a query, nothing once expired or forgotten', async () => {
    let now = 1_000;
    let queries = 0;
    const check = reuseAnswers(
      async () => {
        queries += 1;
        return false;
      },
      500,
      () => now,
    );
    expect(check.peek('a')).toBeUndefined();
    expect(await check('a')).toBe(false);
    expect(check.peek('a')).toEqual(expect.objectContaining({ value: false }));
    now += 499;
    expect(check.peek('a')?.value).toBe(false);
    now += 1;
    expect(check.peek('a')).toBeUndefined();
    expect(await check('a')).toBe(false);
    check.forget();
    expect(check.peek('a')).toBeUndefined();
    expect(queries).toBe(2);
  });
});

describe('authenticateKnown', () => {
  let keys: JSONWebKeySet;
  let token: string;
  let now: number;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    keys = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
    now = Date.now();
    token = await new SignJWT({ token_use: 'id', origin_jti: JTI, email: 'fast@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setSubject(SUB)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + 3600)
      .sign(privateKey);
  });

  /** A verifier with a session check and a disabled check as the auth plugin wires them. */
  function setUp(sessionActive = true, accountDisabled = false) {
    const sessions = reuseSessionChecks(
      async () => sessionActive,
      () => now,
    );
    const disabled = reuseAnswers(
      async () => accountDisabled,
      2_000,
      () => now,
    );
    const verifier = createIdTokenVerifier({
      issuers: [
        {
          issuer: ISSUER,
          keys,
          isActive: (claims) => sessions(String(claims.origin_jti)),
          isActiveNow: (claims) => sessions.peek(String(claims.origin_jti))?.value,
        },
      ],
      clientIds: [CLIENT_ID],
      clock: () => now,
    });
    let needsRow = false;
    const known = (authorization: string) =>
      authenticateKnown(authorization, {
        verifier,
        isDisabledNow: (sub) => disabled.peek(sub)?.value,
        needsAccountRow: () => needsRow,
      });
    /** The full path's answers, as a first request makes them. */
    const full = async (authorization: string) => {
      const identity = await verifier.verify(authorization);
      return { identity, disabled: await disabled(identity.sub) };
    };
    return {
      sessions,
      disabled,
      verifier,
      known,
      full,
      requireRow: () => {
        needsRow = true;
      },
    };
  }

  it('answers at once only once every check was answered, with the identity verify gave', async () => {
    const path = setUp();
    expect(path.known(token)).toBeUndefined(); // never verified
    const { identity } = await path.full(token);
    expect(path.known(token)).toBe(identity);
    expect(path.known(`Bearer ${token}`)).toBe(identity);
    expect(identity).toMatchObject({ sub: SUB, email: 'fast@example.com' });
    expect(path.known(`${token}x`)).toBeUndefined();
    expect(path.known('Unauthenticated')).toBeUndefined();
  });

  it('goes to the full path as soon as the session was ended in this process', async () => {
    const path = setUp();
    await path.full(token);
    expect(path.known(token)).toBeDefined();
    path.sessions.forget(); // identity.onSessionsEnded (a sign-out here)
    expect(path.known(token)).toBeUndefined();
  });

  it('goes to the full path as soon as an account change is announced in this process', async () => {
    const path = setUp();
    await path.full(token);
    path.disabled.forget(); // app.accountAccessChanged()
    expect(path.known(token)).toBeUndefined();
  });

  it('never accepts a revoked session or a disabled account, nor once the answers are old', async () => {
    const revoked = setUp(false);
    await expect(revoked.full(token)).rejects.toThrow();
    expect(revoked.known(token)).toBeUndefined();

    const disabled = setUp(true, true);
    expect((await disabled.full(token)).disabled).toBe(true);
    expect(disabled.known(token)).toBeUndefined();

    const aging = setUp();
    await aging.full(token);
    now += 500; // the session answer is no longer fresh (SESSION_CHECK_TTL_MS)
    try {
      expect(aging.known(token)).toBeUndefined();
    } finally {
      now -= 500;
    }
  });

  it('does not answer an expired token, nor one whose account row may have to be made', async () => {
    const path = setUp();
    await path.full(token);
    path.requireRow();
    expect(path.known(token)).toBeUndefined();

    const expiring = setUp();
    await expiring.full(token);
    now += 3600 * 1000;
    try {
      expect(expiring.verifier.verifyKnown(token)).toBeUndefined();
    } finally {
      now -= 3600 * 1000;
    }
  });
});
