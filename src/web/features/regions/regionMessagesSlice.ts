/**
 * The dismissible info message per region row of the regions table (spec §2 "Regions table"),
 * e.g. the create flow's 'Your VPN is provisioning, ...'.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The regionMessages slice: message per region id. */
export type RegionMessagesState = Record<string, string>;

const regionMessagesSlice = createSlice({
  name: 'regionMessages',
  initialState: {} as RegionMessagesState,
  reducers: {
    /** Shows `message` in the row of `region`. */
    regionMessageSet: (state, action: PayloadAction<{ region: string; message: string }>) => {
      state[action.payload.region] = action.payload.message;
    },
    /** Removes the message of a region (the user dismissed it). */
    regionMessageDismissed: (state, action: PayloadAction<string>) => {
      delete state[action.payload];
    },
  },
});

/** Action creators of the regionMessages slice. */
export const { regionMessageSet, regionMessageDismissed } = regionMessagesSlice.actions;
/** Reducer of the regionMessages slice. */
export const regionMessagesReducer = regionMessagesSlice.reducer;

/** The info messages by region id. */
export const selectRegionMessages = (state: {
  regionMessages: RegionMessagesState;
}): RegionMessagesState => state.regionMessages;
