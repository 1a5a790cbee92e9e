import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { cssVariablesResolver, theme } from './theme';

/** Redux (RTK Query cache, session) and Mantine's dark purple theme. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="dark">
        {children}
      </MantineProvider>
    </Provider>
  );
}
