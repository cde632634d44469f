/**
 * The dashboard's chunk: downloaded only for a signed-in user. HomePage renders it
 * lazily; the boot (a session is stored) and the layout (once signed in) fetch it ahead, with the
 * regions table's (which an anonymous visitor gets only when scrolling).
 */
import { loadVpnRegionsTable } from '../vpns';

/** Loads the dashboard module (one chunk, `dashboard`; webpack fetches it once). */
export function loadDashboard(): Promise<typeof import('./Dashboard')> {
  return import(/* webpackChunkName: "dashboard" */ './Dashboard');
}

/**
 * Fetches the signed-in home's chunks (dashboard, regions table) ahead of their render; a
 * failure shows when they render.
 */
export function prefetchDashboard(): void {
  loadDashboard().catch(() => undefined);
  loadVpnRegionsTable().catch(() => undefined);
}
