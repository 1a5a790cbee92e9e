import { HelpPage } from '@web/features/fan/help';

export function Component() {
  return <HelpPage />;
}
