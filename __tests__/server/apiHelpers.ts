/**
 * Shared setup of the API test files (api*.test.ts): per database kind, an app with the default
 * test configuration, and apps a test builds with a configuration of its own.
 */
import { buildApp, type App } from '../../src/server/app';
import { openTestDatabase, testConfig, type DatabaseKind, type TestDatabase } from './helpers';

/** The state of an API describe block, filled in before its tests by {@link setUpApi}. */
export interface ApiSuite {
  database: TestDatabase;
  /** The app with the default test configuration. */
  app: App;
  /** Apps built by a test with its own configuration: closed after the test. */
  extraApps: App[];
  /** Builds an app of the configuration `env` on `database`, closed after the test. */
  build(env: Record<string, string>): Promise<App>;
}

/**
 * Registers the hooks of an API describe block: opens a database of `kind` and builds the app
 * before its tests, closes `extraApps` after each test, and closes the app and drops the
 * database at the end.
 */
export function setUpApi(kind: DatabaseKind): ApiSuite {
  const suite = {
    extraApps: [] as App[],
    build: async (env: Record<string, string>): Promise<App> => {
      const built = await buildApp(testConfig(env), { database: suite.database.handle });
      suite.extraApps.push(built);
      return built;
    },
  } as ApiSuite;
  beforeAll(async () => {
    suite.database = await openTestDatabase(kind);
    suite.app = await buildApp(testConfig(), { database: suite.database.handle });
  });
  afterEach(async () => {
    await Promise.all(suite.extraApps.splice(0).map((extra) => extra.close()));
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.database?.cleanup();
  });
  return suite;
}
