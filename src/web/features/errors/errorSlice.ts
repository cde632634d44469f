/**
 * The global error shown by the error card above the page content (spec §2 "Shell", §8).
 * The latest reported error replaces the previous one; the user dismisses it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { bannerText } from './bannerText';

/** The errors slice: the banner text of the error on show, or null. */
export interface ErrorState {
  message: string | null;
}

const initialState: ErrorState = { message: null };

const errorSlice = createSlice({
  name: 'errors',
  initialState,
  reducers: {
    /**
     * Shows `error` in the error card. Accepts anything (an AppError, an Error, an SDK error,
     * a string); the action carries only its banner text, so it stays serialisable.
     */
    errorReported: {
      reducer: (state, action: PayloadAction<string>) => {
        state.message = action.payload;
      },
      prepare: (error: unknown) => ({ payload: bannerText(error) }),
    },
    /** Hides the error card. */
    errorDismissed: (state) => {
      state.message = null;
    },
  },
});

/** Action creators of the errors slice. */
export const { errorReported, errorDismissed } = errorSlice.actions;
/** Reducer of the errors slice. */
export const errorReducer = errorSlice.reducer;

/** The banner text of the error on show, or null. */
export const selectErrorMessage = (state: { errors: ErrorState }): string | null =>
  state.errors.message;
