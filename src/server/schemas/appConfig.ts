/**
 * Schema of `GET /app-config.json` (docs/architecture.md "Fixed points").
 */
import { Type, type Static } from '@sinclair/typebox';
import type { SameShape } from './common';
import type { AppConfig } from '../../core/appConfig';

/** `AppConfig` of src/core/appConfig.ts. */
export const AppConfigSchema = Type.Object(
  {
    apiBaseUrl: Type.String({ examples: ['http://localhost:8080'] }),
    region: Type.String({ examples: ['ca-central-1'] }),
    userPoolId: Type.String({ examples: ['local_peanutvpn'] }),
    userPoolClientId: Type.String({ examples: ['peanutvpn-local'] }),
    identityEndpoint: Type.String({ examples: ['http://localhost:8080/idp/'] }),
    authFlow: Type.Optional(
      Type.Union([Type.Literal('USER_SRP_AUTH'), Type.Literal('CUSTOM_AUTH')], {
        description: 'How to sign in (IDP_AUTH_FLOW); absent: USER_SRP_AUTH',
      }),
    ),
    referral: Type.Optional(
      Type.Object(
        {
          enabled: Type.Boolean({ description: 'REFERRAL_ENABLED' }),
          rewardPeanuts: Type.Number({
            description: 'Peanuts to each side (REFERRAL_REWARD_PEANUTS)',
          }),
          holdSeconds: Type.Integer({
            description: 'Hold before rewards are credited (REFERRAL_HOLD_S)',
          }),
        },
        { description: 'The referral programme' },
      ),
    ),
  },
  { title: 'AppConfig', description: 'Runtime configuration for the SPA and the CLI' },
);

// Compile-time check that the schema and the shared core type stay the same shape.
const _appConfig: SameShape<Static<typeof AppConfigSchema>, AppConfig> = true;
