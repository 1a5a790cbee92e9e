import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ModalDialogProps extends Pick<ModalRootProps, 'opened' | 'onClose' | 'size' | 'centered'> {
  title: ReactNode;
  children: ReactNode;
}

/**
 * Mantine's Modal as axe accepts it: its header is a div, not Mantine's default <header> (the page
 * already has its banner landmark; a second one inside the dialog is a violation), and its close
 * button is named. Loaded with the first opening (ModalDialog).
 */
export default function MantineModalDialog({ title, children, ...root }: ModalDialogProps) {
  return (
    <Modal.Root {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...({ component: 'div' } as object)}>
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
