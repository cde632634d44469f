/**
 * The unauthenticated calls of spec §7: regions, detailed regions and peanut packs.
 */
import type { PeanutsPack, PeanutsPacksResponse } from '../core/packs';
import type { RegionDetailed, RegionsDetailedResponse, RegionsResponse } from '../core/regions';
import type { AppConfig } from '../core/appConfig';
import type { HttpClient } from './http';

/** `GET /v1/regions/`: the region ids. @throws ApiError, NetworkError */
export async function listRegions(http: HttpClient, signal?: AbortSignal): Promise<string[]> {
  const { data } = await http.request<RegionsResponse>('GET', '/v1/regions/', {
    auth: false,
    signal,
  });
  return data.regions;
}

/** `GET /v1/regionsDetailed/`: name, city, country and cctld of each region. @throws ApiError, NetworkError */
export async function listRegionsDetailed(
  http: HttpClient,
  signal?: AbortSignal,
): Promise<RegionDetailed[]> {
  const { data } = await http.request<RegionsDetailedResponse>('GET', '/v1/regionsDetailed/', {
    auth: false,
    signal,
  });
  return data.regions;
}

/** `GET /v1/peanuts/packs/`: the packs for sale. @throws ApiError, NetworkError */
export async function listPeanutsPacks(
  http: HttpClient,
  signal?: AbortSignal,
): Promise<PeanutsPack[]> {
  const { data } = await http.request<PeanutsPacksResponse>('GET', '/v1/peanuts/packs/', {
    auth: false,
    signal,
  });
  return data.packs;
}

/**
 * `GET /app-config.json` from a service origin (docs/architecture.md fixed points).
 * @throws ApiError, NetworkError
 */
export async function fetchAppConfig(http: HttpClient, signal?: AbortSignal): Promise<AppConfig> {
  const { data } = await http.request<AppConfig>('GET', '/app-config.json', {
    auth: false,
    signal,
  });
  return data;
}
