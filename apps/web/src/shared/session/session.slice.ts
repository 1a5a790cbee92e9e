import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * What the client knows about the fan's session. The session itself is an
 * httpOnly cookie the browser sends; the client never sees a token. It only
 * remembers whether the server last confirmed the session and where to send
 * the person after they log in.
 */
export interface SessionState {
  status: 'unknown' | 'authenticated' | 'anonymous';
  /** The location a guard stored before sending the person to /login. */
  redirectTo: string | null;
}

const initialState: SessionState = { status: 'unknown', redirectTo: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionConfirmed(state) {
      state.status = 'authenticated';
    },
    /** Logout or a 401: forget the session (the stored redirect survives). */
    sessionCleared(state) {
      state.status = 'anonymous';
    },
    redirectStored(state, action: PayloadAction<string>) {
      state.redirectTo = action.payload;
    },
    redirectConsumed(state) {
      state.redirectTo = null;
    },
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectRedirectTo: (state) => state.redirectTo,
  },
});

export const { sessionConfirmed, sessionCleared, redirectStored, redirectConsumed } =
  sessionSlice.actions;
export const { selectSessionStatus, selectRedirectTo } = sessionSlice.selectors;
