// ESLint flat config. The import-direction rule enforces docs/architecture.md:
// web, cli -> sdk -> core; server -> core. Nothing imports web, cli or server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { readdirSync } from 'node:fs';

const zones = [
  { target: './src/core', from: ['./src/sdk', './src/web', './src/cli', './src/server'] },
  { target: './src/sdk', from: ['./src/web', './src/cli', './src/server'] },
  { target: './src/web', from: ['./src/cli', './src/server'] },
  { target: './src/cli', from: ['./src/web', './src/server'] },
  { target: './src/server', from: ['./src/sdk', './src/web', './src/cli'] },
].map((zone) => ({ ...zone, message: 'Imports only go web, cli -> sdk -> core; server -> core.' }));

// The VPN host (src/server/hostAgent) runs on other machines than the service: it shares the wire
// protocol, the NATS connection and its settings (hosts/), the provisioners, db, logger and core,
// and imports none of the service's domains.
const serverDomains = [
  'account',
  'admin',
  'health',
  'app.ts',
  'server.ts',
  'backupCli.ts',
  'billing',
  'identity',
  'ledger',
  'packs',
  'plugins',
  'referral',
  'regions',
  'routes',
  'schemas',
  'secrets',
  'vpns',
];
const hostAgentZones = [
  { target: './src/server/hostAgent', from: serverDomains.map((name) => `./src/server/${name}`) },
  {
    target: './src/server/hostAgent',
    from: './src/server/hosts',
    except: ['./protocol.ts', './natsConnect.ts', './settings.ts'],
  },
  { target: './src/server/hostAgent', from: './src/server/metrics', except: ['./registry.ts'] },
].map((zone) => ({ ...zone, message: 'The VPN host imports none of the service domains.' }));

// Inside the SPA (bulletproof-react's layers): app/ composes features and pages; pages compose
// features; a feature imports another only through that feature's index.ts, and never a page;
// the shared layers (components/, content/, lib/) import no feature, page or app/.
const features = readdirSync('./src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const spaZones = [
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [
      `./${feature}`,
      ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message: 'A feature imports another only through its index.ts.',
  })),
  {
    target: './src/web/features',
    from: './src/web/pages',
    message: 'Features import no page.',
  },
  {
    target: ['./src/web/components', './src/web/content', './src/web/lib'],
    from: ['./src/web/features', './src/web/pages', './src/web/app'],
    message: 'Shared SPA code imports no feature, page or app/ module.',
  },
];

// i18next/no-literal-string (eslint-plugin-i18next), set to report in JSX only: text with a
// letter in any script, a string literal or a template as a child or inside one, and a literal
// given to an attribute that is shown or spoken or that holds elements (docs/languages.md "The
// lint rule"). Texts without a letter (punctuation, digits, symbols such as `·` or `—`) and
// 'N/A' (the same in every language) pass, and so does a literal under any other attribute
// (className, type, to, ...) or object key (dataIndex, key, ...). The plugin itself skips the
// value of an UPPER_CASE constant (`const PARTS = ...`: name it in lower case) and, on a native
// element (`<span>`), every attribute but title, aria-label, placeholder, alt and value.
const VISIBLE_ATTRIBUTES = [
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
  'description',
  'okText',
  'cancelText',
  'subTitle',
  'emptyText',
  'text',
  'tooltip',
  'message',
  'extra',
  'addonBefore',
  'addonAfter',
  'checkedChildren',
  'unCheckedChildren',
  // Slots that take elements: their text is checked as a child's is.
  'children',
  'icon',
  'prefix',
  'suffix',
  'header',
  'footer',
  'action',
  'actions',
  'content',
  'fallback',
  'intro',
  'valueText',
  'avatar',
  'help',
  // Props that hold elements inside objects or functions (antd's columns, options and items;
  // Rich's marked parts).
  'columns',
  'options',
  'items',
  'parts',
];
const NO_LITERAL_STRING = {
  message: "Hard-coded visible text: put it in the component's texts (useTexts)",
  mode: 'jsx-only',
  'should-validate-template': true,
  'jsx-attributes': { include: VISIBLE_ATTRIBUTES },
  words: { exclude: [/^[^\p{L}]*$/u, 'N/A'] },
  // Keys of those objects that name data or styles, not texts.
  'object-properties': {
    exclude: [
      'dataIndex',
      'key',
      'value',
      'align',
      'fixed',
      'width',
      'ellipsis',
      'status',
      'color',
      'type',
      'size',
      'placement',
      'href',
      'to',
      'target',
      'rel',
    ],
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/extensions': ['.ts', '.tsx', '.js'],
      // Never parse dependencies for import/no-cycle: only our own modules can form cycles.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [...zones, ...hostAgentZones, ...spaZones] },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The typed hooks of app/hooks.ts (useAppDispatch, useAppSelector) instead of react-redux's.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/app/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks of app/hooks.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/languages.md: a component's visible texts come from its catalogue namespace
    // (useTexts), never a literal in its JSX: text, or a visible or spoken attribute. The files
    // listed are those whose texts are in the catalogues; the rest of the SPA (the pages still
    // in English only: see docs/languages.md "Not translated yet") joins as it is translated.
    files: [
      'src/web/app/layout/**/*.tsx',
      'src/web/components/*.tsx',
      'src/web/components/errors/*.tsx',
      'src/web/features/home/**/*.tsx',
      'src/web/features/dashboard/**/*.tsx',
      'src/web/features/balance/**/*.tsx',
      'src/web/features/pricing/**/*.tsx',
      'src/web/features/regions/**/*.tsx',
      'src/web/features/vpns/**/*.tsx',
      'src/web/features/preferences/**/*.tsx',
      'src/web/features/search/**/*.tsx',
      'src/web/pages/HomePage.tsx',
      'src/web/features/auth/forms/*.tsx',
      'src/web/features/auth/Authenticator.tsx',
      'src/web/features/auth/ChallengeStep.tsx',
      'src/web/features/auth/TotpQrCode.tsx',
      'src/web/features/auth/formFields.tsx',
      'src/web/pages/AuthPage.tsx',
      'src/web/pages/PasswordPage.tsx',
      'src/web/pages/AccountPage.tsx',
      'src/web/features/auth/TwoFactorCard.tsx',
      'src/web/features/auth/ContactCard.tsx',
      'src/web/features/auth/DevicesCard.tsx',
      'src/web/features/notices/**/*.tsx',
      'src/web/features/errors/**/*.tsx',
      'src/web/features/referral/**/*.tsx',
      'src/web/features/admin/**/*.tsx',
      'src/web/pages/ReferralPage.tsx',
      'src/web/pages/PricingPage.tsx',
      'src/web/pages/UnregisterPage.tsx',
      'src/web/pages/info/InfoText.tsx',
      'src/web/pages/info/TermsPage.tsx',
      'src/web/pages/info/ContactUsPage.tsx',
      'src/web/pages/info/PrivacyPage.tsx',
      'src/web/pages/info/SupportPage.tsx',
      'src/web/pages/info/IssuePage.tsx',
      'src/web/pages/info/ContributePage.tsx',
      'src/web/pages/info/MakeMoneyPage.tsx',
      'src/web/pages/info/ReferralTermsPage.tsx',
      'src/web/components/content/Toc.tsx',
      'src/web/components/content/CodeBlock.tsx',
      'src/web/components/content/Heading.tsx',
      'src/web/components/content/ExternalLink.tsx',
      'src/web/app/boot.tsx',
      'src/web/content/parts.tsx',
      'src/web/content/doc.tsx',
      'src/web/pages/info/DocPage.tsx',
      'src/web/content/faq.tsx',
      'src/web/content/faqTechnical.tsx',
      'src/web/pages/info/FaqPage.tsx',
      'src/web/content/docCli.tsx',
      'src/web/pages/info/DocCliPage.tsx',
    ],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', NO_LITERAL_STRING] },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
