import { DeleteAccountInstructionsPage } from '@web/features/public/legal';

export function Component() {
  return <DeleteAccountInstructionsPage />;
}
