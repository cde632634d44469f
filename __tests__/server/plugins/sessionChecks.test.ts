/**
 * The reuse of session checks and its in-process invalidation: a sign-out in this
 * process is seen by the next request, not up to SESSION_CHECK_TTL_MS later.
 */
import {
  reuseSessionChecks,
  SESSION_CHECK_TTL_MS,
} from '../../../src/server/plugins/services/auth';

describe('reuseSessionChecks', () => {
  it('reuses an answer for the TTL, forgets it at once on forget()', async () => {
    let now = 1_000_000;
    let active = true;
    let queries = 0;
    const check = reuseSessionChecks(
      async () => {
        queries += 1;
        return active;
      },
      () => now,
    );
    expect(await check('jti')).toBe(true);
    active = false;
    now += SESSION_CHECK_TTL_MS - 1;
    expect(await check('jti')).toBe(true); // still the kept answer
    expect(queries).toBe(1);
    check.forget();
    expect(await check('jti')).toBe(false);
    expect(queries).toBe(2);
  });

  it('does not keep the answer of a check that was running when forget() came', async () => {
    let release: (value: boolean) => void = () => undefined;
    let queries = 0;
    const check = reuseSessionChecks(() => {
      queries += 1;
      return queries === 1
        ? new Promise<boolean>((resolve) => (release = resolve))
        : Promise.resolve(false);
    });
    const first = check('jti');
    check.forget();
    release(true);
    expect(await first).toBe(true);
    expect(await check('jti')).toBe(false);
    expect(queries).toBe(2);
  });
});
