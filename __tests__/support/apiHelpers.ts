/**
 * Shared setup of the API test files (api*.test.ts): per database kind, an app with the default
 * test configuration, and apps a test builds with a configuration of its own.
 */
import { buildApp, type App } from '../../src/server/app';
import { setUpDatabase, testConfig, type DatabaseKind, type DatabaseSuite } from './helpers';

/** The state of an API describe block, filled in before its tests by {@link setUpApi}. */
export interface ApiSuite extends DatabaseSuite {
  /** The app with the default test configuration. */
  app: App;
  /** Builds an app of the configuration `env` on `database`, closed after the test. */
  build(env: Record<string, string>): Promise<App>;
}

/**
 * Registers the hooks of an API describe block (helpers.ts `setUpDatabase`) and builds the app
 * with the default test configuration before its tests.
 */
export function setUpApi(kind: DatabaseKind): ApiSuite {
  const suite = setUpDatabase(kind) as ApiSuite;
  suite.build = async (env) => {
    const built = await buildApp(testConfig(env), { database: suite.database.handle });
    suite.extraApps.push(built);
    return built;
  };
  beforeAll(async () => {
    suite.app = await buildApp(testConfig(), { database: suite.database.handle });
    suite.blockApps.push(suite.app);
  });
  return suite;
}
