import { setUnauthorizedHandler } from '@web/shared/api';
import { adminRedirectStored, artistRedirectStored, redirectStored } from '@web/shared/session';
import type { AppStore } from './store';

interface Navigator {
  navigate: (to: string, options: { replace: boolean }) => unknown;
}

/**
 * Spec §8's 401 rule, inside the single-page app: remember where the person
 * was (so logging in to that area brings them back) and navigate without a
 * page load. Returns an undo.
 */
export function installUnauthorizedHandler(store: AppStore, router: Navigator): () => void {
  return setUnauthorizedHandler(({ to, from }) => {
    switch (to) {
      case '/login':
        store.dispatch(redirectStored(from));
        break;
      case '/for-artists':
        store.dispatch(artistRedirectStored(from));
        break;
      case '/admin':
        store.dispatch(adminRedirectStored(from));
        break;
    }
    void router.navigate(to, { replace: true });
  });
}
