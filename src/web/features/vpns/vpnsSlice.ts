/**
 * The VPN list of the dashboard (spec §2 "VPN list"), the create and delete workflows' progress,
 * the waits in progress, the configuration panel's sliders and the user's VPN limits.
 *
 * Model: the list is workflow-owned state, not an RTK Query cache. Every change to it comes from
 * the sagas (`listSaga.ts`, `createSaga.ts`, `deleteSaga.ts`): loading a page (server-side
 * pagination with the page tokens kept per page), the 10 s reload of the visible page, the create
 * flow (the new VPN goes on top with no metrics) and the delete flow, whose waits put every poll
 * (`vpnPolled`), so each lifecycle step (Creating, Created, Provisioning, Running;
 * Deprovisioning, Deleted) is an action and replaying the actions replays the rows (time-travel
 * in Redux DevTools). The components only dispatch the `...Requested` actions and read the
 * selectors below. Plain reads (regions, packs, balance) stay RTK Query. No secret (config text,
 * QR image, token) is ever kept here.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { UI_VPN_PAGE_SIZE } from '../../../core/constants';
import type { VpnConfigLimits } from '../../../core/limits';
import { upsertVpnItem, type VpnState, type VpnWithMetrics } from '../../../core/vpn';
import { accountDeleted, sessionEnded, signOutRequested } from '../auth';

/** How the visible page is loading. */
export type VpnListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The workflow whose wait polls a VPN: its create flow or its delete flow. */
export type VpnWaitFlow = 'create' | 'delete';

/** A wait in progress (spec §4 "Waiting for a target state"). */
export interface VpnWait {
  flow: VpnWaitFlow;
  /** The state waited for. */
  target: VpnState;
}

/** The vpns slice. */
export interface VpnsState {
  /** The visible page, newest first. */
  items: VpnWithMetrics[];
  /** The visible page, from 1. */
  page: number;
  /** `pageTokens[i]` is the token of page i + 1 (null for the first page); unknown pages absent. */
  pageTokens: (string | null)[];
  totalVpns: number;
  totalPages: number;
  status: VpnListStatus;
  /** Regions whose create flow runs, once per flow (a region may appear twice). */
  creatingRegions: string[];
  /** VPNs whose delete flow runs. */
  deletingVpnIds: string[];
  /** The wait polling each VPN (one per VPN); the 10 s list reload does not fetch these. */
  waits: Record<string, VpnWait>;
  /** The user's limits (id token claim), null until read. */
  limits: VpnConfigLimits | null;
  /** Why the limits could not be read, or null. */
  limitsError: string | null;
  /** Delete-after slider value (seconds); null means the slider's default. */
  deleteAfter: number | null;
  /** Max-peanuts slider value (peanuts); 0 means all peanuts or the maximum (spec §2). */
  maxPeanuts: number;
}

const initialState: VpnsState = {
  items: [],
  page: 1,
  pageTokens: [null],
  totalVpns: 0,
  totalPages: 0,
  status: 'idle',
  creatingRegions: [],
  deletingVpnIds: [],
  waits: {},
  limits: null,
  limitsError: null,
  deleteAfter: null,
  maxPeanuts: 0,
};

/** A page of VPNs as loaded. */
export interface VpnPageLoaded {
  page: number;
  items: VpnWithMetrics[];
  nextPageToken?: string;
  totalVpns: number;
  totalPages: number;
  /** VPNs the load did not fetch (a wait polls them): their rows stay as they are. */
  kept?: string[];
}

/** The VPN list is on screen: load it and reload it every 10 s while signed in. */
export const vpnListShown = createAction('vpns/listShown');
/** The VPN list left the screen: stop reloading it. */
export const vpnListHidden = createAction('vpns/listHidden');
/** Reload the visible page (the 10 s poll); the rows stay on screen meanwhile. */
export const vpnPageReloadRequested = createAction('vpns/pageReloadRequested');
/** The user asked for the VPNs of `region` to be created (Create button). */
export const vpnCreateRequested = createAction<{ region: string }>('vpns/createRequested');
/** The user asked to delete a VPN (Delete button). */
export const vpnDeleteRequested = createAction<string>('vpns/deleteRequested');
/** The user asked for a VPN's config file (Config button). */
export const vpnConfigDownloadRequested = createAction<string>('vpns/configDownloadRequested');
/** The user asked for a VPN's QR code window (QRCode button). */
export const vpnQrCodeRequested = createAction<string>('vpns/qrCodeRequested');
/** Read the limits from the id token. */
export const vpnLimitsRequested = createAction('vpns/limitsRequested');

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** True when two rows show the same data (a VPN with metrics is plain JSON data). */
function sameRow(a: VpnWithMetrics, b: VpnWithMetrics): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Replaces the row of the VPN when it is on the visible page (spec §3 "An update replaces..."). */
function replaceRow(state: VpnsState, action: PayloadAction<VpnWithMetrics>) {
  const index = state.items.findIndex((item) => item.vpn.vpnId === action.payload.vpn.vpnId);
  if (index >= 0) state.items[index] = action.payload;
}

const vpnsSlice = createSlice({
  name: 'vpns',
  initialState,
  reducers: {
    /** Show page `page` (from 1); the saga loads it. */
    vpnPageRequested: (state, action: PayloadAction<number>) => {
      state.page = Math.max(1, Math.trunc(action.payload));
      state.status = 'loading';
    },
    /** Reload the first page (the balance badge's refresh; spec §2). */
    vpnListRefreshRequested: (state) => {
      state.page = 1;
      state.status = 'loading';
    },
    /** A page was read: its token chain is remembered. */
    vpnPageTokenFound: (state, action: PayloadAction<{ page: number; nextPageToken?: string }>) => {
      const { page, nextPageToken } = action.payload;
      state.pageTokens.length = Math.min(state.pageTokens.length, page);
      if (nextPageToken) state.pageTokens[page] = nextPageToken;
    },
    /**
     * The visible page was loaded. A VPN that a wait polls (`kept`) keeps its row as the wait last
     * put it: the load did not fetch it. A row whose data did not change keeps its object, and an
     * unchanged page its array, so a reload re-renders only what changed.
     */
    vpnPageLoaded: (state, action: PayloadAction<VpnPageLoaded>) => {
      const { page, items, totalVpns, totalPages, kept = [] } = action.payload;
      const rows = new Map(state.items.map((row) => [row.vpn.vpnId, row]));
      const next = items.map((item) => {
        const row = rows.get(item.vpn.vpnId);
        if (!row) return item;
        return kept.includes(item.vpn.vpnId) || sameRow(row, item) ? row : item;
      });
      const unchanged =
        next.length === state.items.length && next.every((row, i) => row === state.items[i]);
      if (!unchanged) state.items = next;
      state.page = page;
      state.totalVpns = totalVpns;
      state.totalPages = totalPages;
      state.status = 'loaded';
    },
    /** Loading the visible page failed (the error went to the error card). */
    vpnPageFailed: (state) => {
      state.status = 'failed';
    },
    /** The create flow of `region` started. */
    vpnCreateStarted: (state, action: PayloadAction<string>) => {
      state.creatingRegions.push(action.payload);
    },
    /** The create flow of `region` ended. */
    vpnCreateEnded: (state, action: PayloadAction<string>) => {
      const index = state.creatingRegions.indexOf(action.payload);
      if (index >= 0) state.creatingRegions.splice(index, 1);
    },
    /**
     * A new VPN: on top of the first page (spec §2 create flow), the page kept to its size.
     * On another page it only counts (it shows on the first page).
     */
    vpnAdded: (state, action: PayloadAction<VpnWithMetrics>) => {
      const known = state.items.some((item) => item.vpn.vpnId === action.payload.vpn.vpnId);
      if (!known) {
        state.totalVpns += 1;
        state.totalPages = Math.ceil(state.totalVpns / UI_VPN_PAGE_SIZE);
      }
      if (state.page === 1 || known) {
        state.items = upsertVpnItem(state.items, action.payload).slice(0, UI_VPN_PAGE_SIZE);
      }
    },
    /** A VPN changed: its row is replaced when it is on the visible page (spec §3). */
    vpnUpdated: replaceRow,
    /** A wait polled a VPN (one lifecycle step): its row is replaced, as by `vpnUpdated`. */
    vpnPolled: replaceRow,
    /** A wait for `target` started polling the VPN. */
    vpnWaitStarted: (state, action: PayloadAction<{ vpnId: string } & VpnWait>) => {
      const { vpnId, flow, target } = action.payload;
      state.waits[vpnId] = { flow, target };
    },
    /** The wait of `flow` on the VPN ended (reached, failed, timed out or cancelled). */
    vpnWaitEnded: (state, action: PayloadAction<{ vpnId: string; flow: VpnWaitFlow }>) => {
      const { vpnId, flow } = action.payload;
      if (state.waits[vpnId]?.flow === flow) delete state.waits[vpnId];
    },
    /** The delete flow of a VPN started. */
    vpnDeleteStarted: (state, action: PayloadAction<string>) => {
      state.deletingVpnIds.push(action.payload);
    },
    /** The delete flow of a VPN ended. */
    vpnDeleteEnded: (state, action: PayloadAction<string>) => {
      state.deletingVpnIds = state.deletingVpnIds.filter((id) => id !== action.payload);
    },
    /** The limits were read from the id token. */
    vpnLimitsLoaded: (state, action: PayloadAction<VpnConfigLimits>) => {
      state.limits = action.payload;
      state.limitsError = null;
      if (state.deleteAfter !== null) {
        state.deleteAfter = clamp(
          state.deleteAfter,
          action.payload.deleteAfterFieldMinValue,
          action.payload.deleteAfterFieldMaxValue,
        );
      }
    },
    /** The limits could not be read (message shown by the configuration panel). */
    vpnLimitsFailed: (state, action: PayloadAction<string>) => {
      state.limitsError = action.payload;
    },
    /** The delete-after slider moved (seconds). */
    deleteAfterChanged: (state, action: PayloadAction<number>) => {
      state.deleteAfter = action.payload;
    },
    /** The max-peanuts slider moved (peanuts). */
    maxPeanutsChanged: (state, action: PayloadAction<number>) => {
      state.maxPeanuts = Math.max(0, action.payload);
    },
  },
  extraReducers: (builder) => {
    // Signing out (or losing the session) forgets the user's VPNs; the saga cancels the flows.
    const reset = () => initialState;
    builder
      .addCase(signOutRequested, reset)
      .addCase(sessionEnded, reset)
      .addCase(accountDeleted, reset);
  },
});

/** Action creators of the vpns slice. */
export const {
  vpnPageRequested,
  vpnListRefreshRequested,
  vpnPageTokenFound,
  vpnPageLoaded,
  vpnPageFailed,
  vpnCreateStarted,
  vpnCreateEnded,
  vpnAdded,
  vpnUpdated,
  vpnPolled,
  vpnWaitStarted,
  vpnWaitEnded,
  vpnDeleteStarted,
  vpnDeleteEnded,
  vpnLimitsLoaded,
  vpnLimitsFailed,
  deleteAfterChanged,
  maxPeanutsChanged,
} = vpnsSlice.actions;
/** Reducer of the vpns slice. */
export const vpnsReducer = vpnsSlice.reducer;
/** The slice's initial state (tests start from it). */
export const initialVpnsState: VpnsState = initialState;

type WithVpns = { vpns: VpnsState };

/** The visible page's VPNs. */
export const selectVpnItems = (state: WithVpns): VpnWithMetrics[] => state.vpns.items;
/** How the visible page is loading. */
export const selectVpnListStatus = (state: WithVpns): VpnListStatus => state.vpns.status;
/** The visible page (from 1). */
export const selectVpnPage = (state: WithVpns): number => state.vpns.page;
/** How many VPNs the user has (all pages). */
export const selectTotalVpns = (state: WithVpns): number => state.vpns.totalVpns;
/** Regions with a create flow running. */
export const selectCreatingRegions = (state: WithVpns): string[] => state.vpns.creatingRegions;
/** VPNs with a delete flow running. */
export const selectDeletingVpnIds = (state: WithVpns): string[] => state.vpns.deletingVpnIds;
/** True while the VPN's delete flow runs. */
export const selectIsDeleting = (state: WithVpns, vpnId: string): boolean =>
  state.vpns.deletingVpnIds.includes(vpnId);
/** The waits in progress by vpnId. */
export const selectVpnWaits = (state: WithVpns): Record<string, VpnWait> => state.vpns.waits;
/** The user's limits, or null. */
export const selectVpnLimits = (state: WithVpns): VpnConfigLimits | null => state.vpns.limits;
/** Why the limits could not be read, or null. */
export const selectVpnLimitsError = (state: WithVpns): string | null => state.vpns.limitsError;
/** The delete-after slider's value (seconds), null for its default. */
export const selectDeleteAfter = (state: WithVpns): number | null => state.vpns.deleteAfter;
/** The max-peanuts slider's value as moved (peanuts), before clamping to the balance. */
export const selectMaxPeanuts = (state: WithVpns): number => state.vpns.maxPeanuts;
