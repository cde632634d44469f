import { appStarted } from '../../../src/web/app/appActions';
import { makeStore } from '../../../src/web/app/store';
import { regionsApi } from '../../../src/web/features/regions/regionsApi';
import { fakeFetch, jsonResponse, TEST_APP_CONFIG } from '../testUtils';

describe('makeStore', () => {
  it('starts configuring, with the preloaded app config', () => {
    const store = makeStore({ appConfig: TEST_APP_CONFIG });
    const state = store.getState();
    expect(state.appConfig).toEqual(TEST_APP_CONFIG);
    expect(state.auth).toEqual({ status: 'configuring', user: null });
    expect(state.errors).toEqual({ message: null });
  });

  it('runs the root saga: appStarted resolves the auth status (anonymous without identity)', () => {
    const store = makeStore({ appConfig: TEST_APP_CONFIG });
    store.dispatch(appStarted());
    expect(store.getState().auth.status).toBe('unauthenticated');
  });

  it('runs RTK Query endpoints through the SDK client of the configured API', async () => {
    const regions = [{ name: 'eu-west-3', city: 'Paris', country: 'France', cctld: 'fr' }];
    const fetch = fakeFetch({ 'GET /v1/regionsDetailed/': () => jsonResponse({ regions }) });
    const store = makeStore({ appConfig: TEST_APP_CONFIG }, { fetch });
    const result = await store.dispatch(regionsApi.endpoints.listRegionsDetailed.initiate());
    expect(result.data).toEqual(regions);
    expect(String(fetch.mock.calls[0][0])).toBe('http://api.test/v1/regionsDetailed/');
  });
});
