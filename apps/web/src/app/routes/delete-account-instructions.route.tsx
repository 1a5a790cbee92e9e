import { DeleteAccountInstructionsPage } from '../../features/public/legal';

export function Component() {
  return <DeleteAccountInstructionsPage />;
}
