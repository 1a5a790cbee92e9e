import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * What the client knows about one kind of session (fan, artist, admin). The
 * session itself is an httpOnly cookie the browser sends; the client never
 * sees a token. It only remembers whether the server last confirmed the
 * session and where to send the person after they log in.
 */
export interface SessionState {
  status: 'unknown' | 'authenticated' | 'anonymous';
  /** The location a guard or the 401 rule stored before sending the person to log in. */
  redirectTo: string | null;
}

const initialState: SessionState = { status: 'unknown', redirectTo: null };

function createSessionSlice<Name extends string>(name: Name) {
  return createSlice({
    name,
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
}

/** The fan's session (`/api`). */
export const sessionSlice = createSessionSlice('session');

export const { sessionConfirmed, sessionCleared, redirectStored, redirectConsumed } =
  sessionSlice.actions;
export const { selectSessionStatus, selectRedirectTo } = sessionSlice.selectors;

/** The artist's or office member's session (`/api/for-artists`). */
export const artistSessionSlice = createSessionSlice('artistSession');

export const {
  sessionConfirmed: artistSessionConfirmed,
  sessionCleared: artistSessionCleared,
  redirectStored: artistRedirectStored,
  redirectConsumed: artistRedirectConsumed,
} = artistSessionSlice.actions;
export const { selectSessionStatus: selectArtistSessionStatus, selectRedirectTo: selectArtistRedirectTo } =
  artistSessionSlice.selectors;

/** The admin's session (`/api/admin`). */
export const adminSessionSlice = createSessionSlice('adminSession');

export const {
  sessionConfirmed: adminSessionConfirmed,
  sessionCleared: adminSessionCleared,
  redirectStored: adminRedirectStored,
  redirectConsumed: adminRedirectConsumed,
} = adminSessionSlice.actions;
export const { selectSessionStatus: selectAdminSessionStatus, selectRedirectTo: selectAdminRedirectTo } =
  adminSessionSlice.selectors;

/** Only a path inside this site (never `//host` or a full URL), else the fallback. */
export function safeRedirect(target: string | null | undefined, fallback: string, loginPath: string): string {
  if (
    target &&
    target.startsWith('/') &&
    !target.startsWith('//') &&
    !target.startsWith('/\\') &&
    target.split(/[?#]/, 1)[0] !== loginPath
  ) {
    return target;
  }
  return fallback;
}
