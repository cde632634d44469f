import { createHttpClient } from '../../src/sdk/http';
import {
  fetchAppConfig,
  listPeanutsPacks,
  listRegions,
  listRegionsDetailed,
} from '../../src/sdk/publicApi';
import { isRegionId } from '../../src/core/regions';
import { startLiveServer, type LiveServer } from '../support/liveServer';

describe('sdk public calls against a real server', () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer();
  });
  afterAll(() => server.close());

  it('lists the 27 regions, simple and detailed, consistently', async () => {
    const http = createHttpClient({ baseUrl: server.origin });
    const ids = await listRegions(http);
    const detailed = await listRegionsDetailed(http);
    expect(ids).toHaveLength(27);
    expect(ids.every(isRegionId)).toBe(true);
    expect(detailed.map((r) => r.name).sort()).toEqual([...ids].sort());
    expect(detailed).toContainEqual({
      name: 'eu-west-3',
      city: 'Paris',
      country: 'France',
      cctld: 'fr',
    });
  });

  it('lists the three packs of spec §9', async () => {
    const packs = await listPeanutsPacks(createHttpClient({ baseUrl: server.origin }));
    expect(packs.map((p) => [p.name, p.peanuts, p.price])).toEqual([
      ['Starter', 17, 2.71],
      ['Pro', 34, 4.89],
      ['Elite', 73, 9.87],
    ]);
  });

  it('reads the runtime configuration', async () => {
    const config = await fetchAppConfig(createHttpClient({ baseUrl: server.origin }));
    expect(config).toEqual({
      apiBaseUrl: server.origin,
      region: 'ca-central-1',
      userPoolId: 'local_peanutvpn',
      userPoolClientId: 'peanutvpn-local',
      identityEndpoint: `${server.origin}/idp/`,
      referral: { enabled: true, rewardPeanuts: 5, holdSeconds: 0 },
    });
  });
});
