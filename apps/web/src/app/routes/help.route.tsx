import { HelpPage } from '../../features/fan/help';

export function Component() {
  return <HelpPage />;
}
