import { TermsPage } from '@web/features/public/legal';

export function Component() {
  return <TermsPage />;
}
