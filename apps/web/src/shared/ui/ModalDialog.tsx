import { lazy, Suspense, useState } from 'react';
import type { ModalDialogProps } from './MantineModalDialog';

export type { ModalDialogProps } from './MantineModalDialog';

// Mantine's Modal with its focus trap, scroll area and transitions (~15 KB gzip) loads when a
// dialog first opens, not with every screen that can open one.
const MantineModalDialog = lazy(() => import('./MantineModalDialog'));

/** A dialog (Mantine's Modal as axe accepts it, see MantineModalDialog): nothing until it first opens. */
export function ModalDialog(props: ModalDialogProps) {
  const [everOpened, setEverOpened] = useState(props.opened);
  // Kept once opened: closing then plays Mantine's transition and reopening is instant.
  if (props.opened && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <MantineModalDialog {...props} />
    </Suspense>
  );
}
