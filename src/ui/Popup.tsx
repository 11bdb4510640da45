import { useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** A popup of the popup host: a modal dialog with a title, focus trap and Escape to close. */
export function Popup(props: {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
}) {
  const { t } = useLingui();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="popup-overlay" />
        <Dialog.Content className="popup" role={props.role ?? 'dialog'}>
          <header className="popup-header">
            <Dialog.Title className="popup-title">{props.title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t`Close`}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          <Dialog.Description className={props.description ? 'popup-description' : 'visually-hidden'}>
            {props.description ?? props.title}
          </Dialog.Description>
          <div className="popup-body">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
