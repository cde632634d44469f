/**
 * The usage drawer of a VPN (docs/product.md "VPN list": usage over time, forecast, Extend):
 * which VPN's drawer is open, and the Extend workflow's progress (`sagas/extendSaga.ts`). The
 * usage points themselves are plain data (RTK Query, `usageApi.ts`).
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { VpnExtensionRequest } from '../../../sdk/vpns';

/** The usage slice. */
export interface UsageState {
  /** The VPN whose drawer is open, or null. */
  drawerVpnId: string | null;
  /** VPNs whose extension is being sent. */
  extendingVpnIds: string[];
}

const initialState: UsageState = { drawerVpnId: null, extendingVpnIds: [] };

/** Extend a VPN with new values (peanuts, seconds): the extend saga sends them. */
export const vpnExtendRequested = createAction<{ vpnId: string } & VpnExtensionRequest>(
  'usage/extendRequested',
);

const usageSlice = createSlice({
  name: 'usage',
  initialState,
  reducers: {
    /** The Usage cell of a row was opened. */
    usageDrawerOpened(state, action: PayloadAction<string>) {
      state.drawerVpnId = action.payload;
    },
    usageDrawerClosed(state) {
      state.drawerVpnId = null;
    },
    vpnExtendStarted(state, action: PayloadAction<string>) {
      state.extendingVpnIds.push(action.payload);
    },
    vpnExtendEnded(state, action: PayloadAction<string>) {
      state.extendingVpnIds = state.extendingVpnIds.filter((id) => id !== action.payload);
    },
  },
});

export const { usageDrawerOpened, usageDrawerClosed, vpnExtendStarted, vpnExtendEnded } =
  usageSlice.actions;
/** The reducer of `state.usage`. */
export const usageReducer = usageSlice.reducer;

type WithUsage = { usage: UsageState };
/** The VPN whose drawer is open, or null. */
export const selectDrawerVpnId = (state: WithUsage): string | null => state.usage.drawerVpnId;
/** Whether `vpnId`'s extension is being sent. */
export const selectIsExtending = (state: WithUsage, vpnId: string): boolean =>
  state.usage.extendingVpnIds.includes(vpnId);
