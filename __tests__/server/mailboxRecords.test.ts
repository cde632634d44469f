/**
 * The sign-up bonus and "an email address is referred once" hold per mailbox,
 * not per spelling: a `+tag` on any domain, and dots in gmail.com / googlemail.com addresses,
 * make no new mailbox. Records written before (HMAC of the address as typed) still count for
 * that exact address. Sign-in keeps the address as typed. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set; the sign-ups go through the identity endpoint.
 */
import type { App } from '../../src/server/app';
import { signupBonusGrants } from '../../src/server/db/schema';
import { EMAIL_HASH_SECRET, keyedHash, mailboxOf, serverSecret } from '../../src/server/secrets';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../support/helpers';
import { uniqueName } from './identity/helpers';
import { buy, ownCode, validate } from '../support/referralHelpers';
import { balanceNano, buildVpnApp, signUpUser } from '../support/vpnHelpers';

jest.setTimeout(180_000);

describe('mailboxOf', () => {
  it.each([
    ['Farm+1@Example.com', 'farm@example.com'],
    ['farm+a+b@example.com', 'farm@example.com'],
    ['f.arm@gmail.com', 'farm@gmail.com'],
    ['F.a.r.m+x@GoogleMail.com', 'farm@gmail.com'],
    ['f.arm@example.com', 'f.arm@example.com'],
    ['+only@example.com', '+only@example.com'],
    ['  farm@example.com ', 'farm@example.com'],
  ])('%s is the mailbox %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });
});

describe.each(DATABASE_KINDS)('records per mailbox on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('grants the sign-up bonus once per mailbox, whatever the spelling', async () => {
    const local = uniqueName('farm');
    const balances: Record<string, number> = {};
    for (const email of [
      `${local}@example.com`,
      `${local}+1@example.com`,
      `${local.toUpperCase()}+2@example.com`,
      `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`,
      `${local}@gmail.com`,
      `${local}+z@googlemail.com`,
    ]) {
      const user = await signUpUser(app, 'farm', email);
      balances[email] = (await balanceNano(app, user)) / 1e9;
    }
    expect(Object.values(balances)).toEqual([10, 0, 0, 10, 0, 0]);
  });

  it('keeps a record made before (the address as typed) for that exact address', async () => {
    const email = `${uniqueName('old')}+tag@example.com`;
    const key = await serverSecret(app.db, EMAIL_HASH_SECRET);
    await app.db.insert(signupBonusGrants).values({ emailHash: keyedHash(key, email) });
    const user = await signUpUser(app, 'old', email);
    expect(await balanceNano(app, user)).toBe(0);
  });

  it('refers a mailbox once: another spelling of a referee is not a new referee', async () => {
    const referrer = await signUpUser(app, 'ref-a');
    await buy(app, referrer);
    const code = await ownCode(app, referrer);
    const local = uniqueName('refb');
    const first = await signUpUser(app, 'ref-b', `${local}@example.com`);
    await buy(app, first, code);
    const again = await signUpUser(app, 'ref-b', `${local}+again@example.com`);
    expect(await validate(app, again, code)).toEqual({
      isValid: false,
      error: `Error with referral code: ${code}: ineligible. See referral program conditions.`,
      errorCode: 6,
    });
  });
});
