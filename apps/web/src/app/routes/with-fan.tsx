import type { FanUser } from '#pie/contracts';
import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import { RequireFanSession } from '@web/features/fan/auth';

/**
 * The signed-in fan for a screen: from the protected fan layout's outlet context (`{ user }`)
 * when the screen renders inside it, else through the fan guard itself, so each route module
 * also works on its own.
 */
export function WithFan({ children }: { children: (user: FanUser) => ReactNode }) {
  const context = useOutletContext<{ user?: FanUser } | undefined>();
  if (context?.user) return children(context.user);
  return <RequireFanSession>{children}</RequireFanSession>;
}
