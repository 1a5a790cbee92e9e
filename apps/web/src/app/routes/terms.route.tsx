import { TermsPage } from '../../features/public/legal';

export function Component() {
  return <TermsPage />;
}
