import { Outlet } from 'react-router';
import { RequireFanSession } from '@web/features/fan/auth';
import type { FanOutletContext } from './area-context';

/** The protected part of the fan area: the guard (to /login and back), then the screen with the fan. */
export function Component() {
  return <RequireFanSession>{(user) => <Outlet context={{ user } satisfies FanOutletContext} />}</RequireFanSession>;
}
