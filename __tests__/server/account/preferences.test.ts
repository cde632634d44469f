/**
 * `GET/PATCH /v1/account/preferences` (docs/api.md "Preferences"): defaults without a row, a
 * partial change kept and answered whole, each account sees and changes only its own, bad
 * bodies refused with nothing changed, 401 without a token, the rows gone with the account, and
 * the routes in the OpenAPI document; the language beside the theme (null: the browser's). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { accountPreferences } from '../../../src/server/db/schema';
import { DATABASE_KINDS } from '../../support/helpers';
import { api, deleteAccount, setUpVpnApi, signUpUser } from '../../support/vpnHelpers';

jest.setTimeout(120_000);

const URL = '/v1/account/preferences';

describe.each(DATABASE_KINDS)('account preferences on %s', (kind) => {
  const suite = setUpVpnApi(kind);

  it("answers 'system' until the account picks, then keeps the pick for its owner only", async () => {
    const { app, alice, bob } = suite;
    expect(await api(app, alice, 'GET', URL)).toMatchObject({
      status: 200,
      body: { theme: 'system', language: null },
    });
    expect(await api(app, alice, 'PATCH', URL, { theme: 'dark' })).toMatchObject({
      status: 200,
      body: { theme: 'dark', language: null },
    });
    expect((await api(app, alice, 'GET', URL)).body).toEqual({ theme: 'dark', language: null });
    // Bob's are his own: untouched by Alice's change, and his change leaves hers.
    expect((await api(app, bob, 'GET', URL)).body).toEqual({ theme: 'system', language: null });
    expect((await api(app, bob, 'PATCH', URL, { theme: 'light' })).body).toEqual({
      theme: 'light',
      language: null,
    });
    expect((await api(app, alice, 'GET', URL)).body).toEqual({ theme: 'dark', language: null });
    expect((await api(app, alice, 'PATCH', URL, { theme: 'system' })).body).toEqual({
      theme: 'system',
      language: null,
    });
    const rows = await app.db
      .select()
      .from(accountPreferences)
      .where(eq(accountPreferences.userSub, alice.sub));
    expect(rows.map((row) => row.theme)).toEqual(['system']);
  });

  it('keeps a picked language beside the theme, and null returns to the browser language', async () => {
    const { app, alice, bob } = suite;
    expect((await api(app, alice, 'PATCH', URL, { language: 'ja' })).body).toEqual({
      theme: 'system',
      language: 'ja',
    });
    expect((await api(app, alice, 'PATCH', URL, { theme: 'dark' })).body).toEqual({
      theme: 'dark',
      language: 'ja',
    });
    expect((await api(app, alice, 'GET', URL)).body).toEqual({ theme: 'dark', language: 'ja' });
    expect((await api(app, bob, 'GET', URL)).body).toMatchObject({ language: null });
    expect((await api(app, alice, 'PATCH', URL, { language: null })).body).toEqual({
      theme: 'dark',
      language: null,
    });
    await api(app, alice, 'PATCH', URL, { theme: 'system' });
  });

  it.each([
    ['an unknown language', { language: 'xx' }],
    ['a language tag with a region', { language: 'fr-FR' }],
    ['an unknown theme', { theme: 'sepia' }],
    ['an empty patch', {}],
    ['an unknown preference', { colour: 'dark' }],
    ['a theme of the wrong type', { theme: 1 }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const { app, bob } = suite;
    const before = (await api(app, bob, 'GET', URL)).body;
    const answer = await api<{ message: string }>(app, bob, 'PATCH', URL, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^body/);
    expect((await api(app, bob, 'GET', URL)).body).toEqual(before);
  });

  it.each(['GET', 'PATCH'] as const)('answers 401 to %s without a token', async (method) => {
    const answer = await api(suite.app, undefined, method, URL, { theme: 'dark' });
    expect(answer).toMatchObject({
      status: 401,
      body: { message: 'User needs to be authenticated to call this API.' },
    });
  });

  it('deletes the preferences with the account', async () => {
    const { app } = suite;
    const carol = await signUpUser(app, 'carol');
    await api(app, carol, 'PATCH', URL, { theme: 'light' });
    await deleteAccount(app, carol);
    const rows = await app.db
      .select()
      .from(accountPreferences)
      .where(eq(accountPreferences.userSub, carol.sub));
    expect(rows).toEqual([]);
  });

  it('documents both routes in the OpenAPI document', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths[URL] ?? {}).sort()).toEqual(['get', 'patch']);
  });
});
