import { PrivacyPolicyPage } from '../../features/public/legal';

export function Component() {
  return <PrivacyPolicyPage />;
}
