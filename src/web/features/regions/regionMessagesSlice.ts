/**
 * The dismissible info message per region row of the regions table (spec §2 "Regions table"),
 * e.g. the create flow's 'Your VPN is provisioning, ...'. They reset on sign-out.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { accountDeleted, sessionEnded, signOutRequested } from '../auth';

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
  extraReducers: (builder) => {
    // The messages are the signed-in user's: an anonymous visitor never sees them.
    const reset = (): RegionMessagesState => ({});
    builder
      .addCase(signOutRequested, reset)
      .addCase(sessionEnded, reset)
      .addCase(accountDeleted, reset);
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
