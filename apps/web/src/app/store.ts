import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { adminBaseApi, artistBaseApi, baseApi } from '../shared/api';
import { adminSessionSlice, artistSessionSlice, sessionSlice } from '../shared/session';

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
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(baseApi.middleware, artistBaseApi.middleware, adminBaseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
