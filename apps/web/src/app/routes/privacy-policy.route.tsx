import { PrivacyPolicyPage } from '@web/features/public/legal';

export function Component() {
  return <PrivacyPolicyPage />;
}
