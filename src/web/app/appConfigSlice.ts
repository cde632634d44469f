/**
 * The runtime configuration the SPA loaded from `/app-config.json` at boot (docs/architecture.md
 * "Fixed points"). It is preloaded into the store by `makeStore({ appConfig })`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppConfig } from '../../core/appConfig';

/** The appConfig slice: the loaded configuration, or null before boot has loaded it. */
export type AppConfigState = AppConfig | null;

const appConfigSlice = createSlice({
  name: 'appConfig',
  initialState: null as AppConfigState,
  reducers: {
    /** Replaces the runtime configuration. */
    appConfigLoaded: (_state, action: PayloadAction<AppConfig>) => action.payload,
  },
});

/** Action creators of the appConfig slice. */
export const { appConfigLoaded } = appConfigSlice.actions;
/** Reducer of the appConfig slice. */
export const appConfigReducer = appConfigSlice.reducer;

/** The runtime configuration, or null when none is loaded. */
export const selectAppConfig = (state: { appConfig: AppConfigState }): AppConfigState =>
  state.appConfig;
