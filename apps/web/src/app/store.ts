import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { adminBaseApi, artistBaseApi, baseApi } from '@web/shared/api';
import { adminSessionSlice, artistSessionSlice, hasSessionHint, sessionSlice, writeSessionHint, type SessionArea, type SessionState } from '@web/shared/session';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [artistBaseApi.reducerPath]: artistBaseApi.reducer,
  [adminBaseApi.reducerPath]: adminBaseApi.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [artistSessionSlice.reducerPath]: artistSessionSlice.reducer,
  [adminSessionSlice.reducerPath]: adminSessionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store (one per page load; tests make their own). */
/**
 * Where this browser was never seen signed in, the visitor is anonymous from the start: no area
 * asks the server "who is signed in?" just to get a 401 (which Chromium logs as a console error on
 * every public page). Guarded screens still ask, so a session the hint missed is found there.
 */
function sessionOnArrival(area: SessionArea): SessionState {
  return { status: hasSessionHint(area) ? 'unknown' : 'anonymous', redirectTo: null };
}

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      session: sessionOnArrival('fan'),
      artistSession: sessionOnArrival('artist'),
      adminSession: sessionOnArrival('admin'),
      ...preloadedState,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(baseApi.middleware, artistBaseApi.middleware, adminBaseApi.middleware),
  });
  // The layouts ask "who is signed in?" only where a session may exist (shared/session's hint).
  let last = { fan: '', artist: '', admin: '' };
  store.subscribe(() => {
    const state = store.getState();
    const now = { fan: state.session.status, artist: state.artistSession.status, admin: state.adminSession.status };
    for (const area of ['fan', 'artist', 'admin'] as const) {
      if (now[area] !== last[area]) writeSessionHint(area, now[area]);
    }
    last = now;
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
