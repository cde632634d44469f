/**
 * The regions table's chunk (`regions-table`): antd's Table and the flags. The home
 * page renders it lazily; signed in, it is fetched ahead with the dashboard's.
 */

/** Loads the regions table module (webpack fetches its chunk once). */
export function loadVpnRegionsTable(): Promise<typeof import('./VpnRegionsTable')> {
  return import(/* webpackChunkName: "regions-table" */ './VpnRegionsTable');
}
