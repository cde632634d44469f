import { loadConfig } from '../../src/server/config';
import { SETTINGS } from '../../src/server/settings';

const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.example/peanut',
  PUBLIC_URL: 'https://vpn.example.com/',
  CHECKOUT_URL_STARTER: 'https://buy.stripe.com/starter',
  CHECKOUT_URL_PRO: 'https://buy.stripe.com/pro',
  CHECKOUT_URL_ELITE: 'https://buy.stripe.com/elite',
  STRIPE_WEBHOOK_SECRET: 'whsec_production',
  SMTP_URL: 'smtps://user:pass@mail.example.com',
};

describe('loadConfig', () => {
  it('has embedded defaults for every setting', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      originsFixed: false,
      webDir: 'dist/web',
      logLevel: 'info',
      nodeEnv: 'development',
      production: false,
      rateLimitMax: 600,
      bodyLimit: 1024 * 1024,
      trustProxy: false,
      devToolsPublic: false,
      allowedHosts: [],
      adminEmails: [],
      embeddedIdp: true,
      idpRegion: 'ca-central-1',
      idpAuthFlow: 'USER_SRP_AUTH',
      idpAllowPasswordAuth: false,
      userPoolId: 'local_peanutvpn',
      userPoolClientId: 'peanutvpn-local',
      identityEndpoint: 'http://localhost:8080/idp/',
      smtpUrl: undefined,
      smtpFrom: 'Peanut VPN <no-reply@localhost>',
      cognitoIssuer: undefined,
      checkoutUrls: {
        starter: '/checkout/starter',
        pro: '/checkout/pro',
        elite: '/checkout/elite',
      },
      stripeWebhookSecret: 'whsec_peanutvpn_local_checkout',
      paymentLinks: {},
      matchPackByAmount: true,
      preset: 'product',
      provisioner: 'simulated',
      netns: {
        endpointHost: undefined,
        firstPort: 51820,
        lastPort: 52819,
        addressBase: 0x0ac80000, // 10.200.0.0
        addressPrefix: 16,
        dns: ['1.1.1.1', '1.0.0.1'],
        namePrefix: 'pn',
        allowedPrivate: [],
      },
      simulatedStepMs: 1500,
      meterIntervalMs: 5000,
      meterSettleMs: 3_600_000,
      vpnQuota: undefined,
      referralEnabled: true,
      referralRewardPeanuts: 5,
      referralHoldS: 0,
    });
  });

  it('reads the Stripe Payment Link ids of the packs and the amount matching switch', () => {
    expect(
      loadConfig({ STRIPE_PAYMENT_LINK_PRO: 'plink_1AbC', STRIPE_MATCH_AMOUNT: 'false' }),
    ).toMatchObject({ paymentLinks: { pro: 'plink_1AbC' }, matchPackByAmount: false });
    expect(() => loadConfig({ STRIPE_PAYMENT_LINK_STARTER: 'https://buy.stripe.com/x' })).toThrow(
      /STRIPE_PAYMENT_LINK_STARTER must be a Stripe Payment Link id/,
    );
  });

  it('reads the referral settings; production holds rewards 48 h by default', () => {
    expect(
      loadConfig({
        REFERRAL_ENABLED: 'false',
        REFERRAL_REWARD_PEANUTS: '2.5',
        REFERRAL_HOLD_S: '60',
      }),
    ).toMatchObject({ referralEnabled: false, referralRewardPeanuts: 2.5, referralHoldS: 60 });
    expect(loadConfig(productionEnv).referralHoldS).toBe(172_800);
    expect(() => loadConfig({ REFERRAL_HOLD_S: '-1' })).toThrow(/REFERRAL_HOLD_S/);
    expect(() => loadConfig({ REFERRAL_ENABLED: 'maybe' })).toThrow(/REFERRAL_ENABLED/);
  });

  it('reads the sign-in flow (IDP_AUTH_FLOW)', () => {
    expect(loadConfig({ IDP_AUTH_FLOW: 'CUSTOM_AUTH' }).idpAuthFlow).toBe('CUSTOM_AUTH');
    expect(() => loadConfig({ IDP_AUTH_FLOW: 'PASSWORD' })).toThrow(
      "IDP_AUTH_FLOW must be USER_SRP_AUTH or CUSTOM_AUTH, got: 'PASSWORD'",
    );
    // USER_PASSWORD_AUTH only when asked for.
    expect(loadConfig({ IDP_ALLOW_PASSWORD_AUTH: 'true' }).idpAllowPasswordAuth).toBe(true);
    expect(loadConfig({}).idpAllowPasswordAuth).toBe(false);
  });

  it('reads the VPN settings', () => {
    expect(
      loadConfig({
        PRESET: 'mock',
        PROVISIONER: 'netns',
        SIMULATED_STEP_MS: '50',
        METER_INTERVAL_S: '0.25',
        VPN_QUOTA: '3',
      }),
    ).toMatchObject({
      preset: 'mock',
      provisioner: 'netns',
      simulatedStepMs: 50,
      meterIntervalMs: 250,
      vpnQuota: 3,
    });
  });

  it('derives PUBLIC_URL and IDENTITY_ENDPOINT from PORT', () => {
    const config = loadConfig({ PORT: '18080' });
    expect(config.publicUrl).toBe('http://localhost:18080');
    expect(config.identityEndpoint).toBe('http://localhost:18080/idp/');
    expect(config.originsFixed).toBe(false);
  });

  it('fixes the client origins once PUBLIC_URL or IDENTITY_ENDPOINT is set', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://vpn.example.com' }).originsFixed).toBe(true);
    expect(
      loadConfig({ IDENTITY_ENDPOINT: 'https://cognito-idp.ca-central-1.amazonaws.com/' })
        .originsFixed,
    ).toBe(true);
  });

  it('reads production settings and strips the trailing slash of PUBLIC_URL', () => {
    const config = loadConfig({ ...productionEnv, TRUST_PROXY: '1', RATE_LIMIT_MAX: '100' });
    expect(config.production).toBe(true);
    expect(config.databaseUrl).toBe('postgres://db.example/peanut');
    expect(config.publicUrl).toBe('https://vpn.example.com');
    expect(config.identityEndpoint).toBe('https://vpn.example.com/idp/');
    expect(config.checkoutUrls.pro).toBe('https://buy.stripe.com/pro');
    expect(config.trustProxy).toBe(1);
    expect(config.rateLimitMax).toBe(100);
  });

  it('lists every required setting missing in production in one message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      new Error(
        [
          '7 settings are invalid or missing:',
          '  - DATABASE_URL unset in environment!',
          '  - PUBLIC_URL unset in environment!',
          '  - CHECKOUT_URL_STARTER unset in environment!',
          '  - CHECKOUT_URL_PRO unset in environment!',
          '  - CHECKOUT_URL_ELITE unset in environment!',
          '  - SMTP_URL unset in environment!',
          '  - STRIPE_WEBHOOK_SECRET unset in environment!',
        ].join('\n'),
      ),
    );
  });

  it.each([
    'DATABASE_URL',
    'PUBLIC_URL',
    'CHECKOUT_URL_STARTER',
    'CHECKOUT_URL_PRO',
    'CHECKOUT_URL_ELITE',
    'STRIPE_WEBHOOK_SECRET',
    'SMTP_URL',
  ])('throws "%s unset in environment!" in production when only it is missing', (name) => {
    const env: Record<string, string> = { ...productionEnv };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(new Error(`${name} unset in environment!`));
    expect(() => loadConfig({ ...productionEnv, [name]: '  ' })).toThrow(`${name} unset`);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['RATE_LIMIT_MAX', '0'],
    ['BODY_LIMIT', '-5'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'localhost:8080'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['PRESET', 'demo'],
    ['PROVISIONER', 'aws'],
    ['SIMULATED_STEP_MS', '-1'],
    ['METER_INTERVAL_S', '0'],
    ['METER_INTERVAL_S', '1e3'],
    ['VPN_QUOTA', '0'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['DEV_TOOLS_PUBLIC', 'maybe'],
    ['EMBEDDED_IDP', 'off'],
    ['ALLOWED_HOSTS', 'vpn.example.com/path'],
  ])('rejects %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('refuses TRUST_PROXY=true, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would let any client choose its own address.*set the number of proxies/,
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
    ]);
  });

  it('never opens the development companions to the public in production', () => {
    expect(loadConfig({ DEV_TOOLS_PUBLIC: 'true' }).devToolsPublic).toBe(true);
    expect(loadConfig({ ...productionEnv, DEV_TOOLS_PUBLIC: 'true' }).devToolsPublic).toBe(false);
  });

  it('turns the embedded identity provider off for a real Cognito pool unless asked', () => {
    const issuer = 'https://cognito-idp.ca-central-1.amazonaws.com/ca-central-1_AbC123';
    expect(loadConfig({ COGNITO_ISSUER: issuer }).embeddedIdp).toBe(false);
    expect(loadConfig({ COGNITO_ISSUER: issuer, EMBEDDED_IDP: 'true' }).embeddedIdp).toBe(true);
    expect(() => loadConfig({ EMBEDDED_IDP: 'false' })).toThrow(/needs COGNITO_ISSUER/);
  });

  it('is frozen', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.checkoutUrls)).toBe(true);
  });
});

describe('SETTINGS', () => {
  it('documents every variable loadConfig reads, and only those', () => {
    const read = new Set<string>();
    const env = new Proxy<Record<string, string | undefined>>(
      {},
      {
        get: (_target, name) => {
          if (typeof name === 'string') read.add(name);
          return undefined;
        },
      },
    );
    loadConfig(env);
    // A secret is also looked for as <NAME>_FILE.
    const names = SETTINGS.flatMap((setting) =>
      setting.secret ? [setting.name, `${setting.name}_FILE`] : [setting.name],
    );
    expect(new Set(names)).toEqual(read);
  });

  it('marks exactly the production requirements', () => {
    expect(SETTINGS.filter((s) => s.requiredInProduction).map((s) => s.name)).toEqual([
      'DATABASE_URL',
      'PUBLIC_URL',
      'CHECKOUT_URL_STARTER',
      'CHECKOUT_URL_PRO',
      'CHECKOUT_URL_ELITE',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
    ]);
  });
});
