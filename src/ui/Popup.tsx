import { useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useContext, useState, type ComponentProps, type ReactNode } from 'react';
import { PopupPlaceContext } from '../app/popups.ts';
import { firstControl, returnFocus } from './popup-focus.ts';
import { setPopupFrame } from './popup-frame.ts';

export { firstControl } from './popup-focus.ts';

/**
 * A popup's place in the stack (src/app/popups.ts): props for its Dialog.Overlay and Dialog.Content.
 * Only the top popup shows; one below is hidden, inert and not announced, and keeps its state. The
 * focus starts on the first field or control (`onOpenAutoFocus` may choose another) and returns on
 * close to what opened the popup (a popup without a Dialog.Trigger would otherwise leave it on the page).
 */
export function usePopupPlace(onOpenAutoFocus?: (event: Event) => void) {
  const place = useContext(PopupPlaceContext);
  // A popup outside the stack (a screen's own) returns the focus to what had it when it opened.
  const [opener] = useState(() =>
    place.opener ?? (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : undefined),
  );
  const hidden = !place.top;
  const overlay: ComponentProps<typeof Dialog.Overlay> = hidden ? { hidden: true, style: { display: 'none' } } : {};
  const content: Pick<ComponentProps<typeof Dialog.Content>, 'hidden' | 'inert' | 'aria-hidden' | 'style' | 'onOpenAutoFocus' | 'onCloseAutoFocus'> = {
    // The top popup takes the pointer from its first paint. Radix's modal layer sets the page's
    // `pointer-events: none` in an effect and lets its own sheet have them only on a render after it;
    // a popup whose first showing ends a wait (its chunk, src/features/checkout/CheckoutScreen.tsx)
    // commits with that effect still to run, so for a moment it showed over a page that took no
    // pointer while its own buttons took none either: a click there did nothing.
    ...(hidden ? { hidden: true, inert: true, 'aria-hidden': true, style: { display: 'none' } } : { style: { pointerEvents: 'auto' } }),
    onOpenAutoFocus: (event) => {
      onOpenAutoFocus?.(event);
      if (event.defaultPrevented) return;
      if (!(event.currentTarget instanceof HTMLElement)) return;
      // Nothing to use yet (a popup still loading its content): the sheet itself, whose title is announced.
      event.preventDefault();
      (firstControl(event.currentTarget) ?? event.currentTarget).focus();
    },
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      returnFocus(opener);
    },
  };
  return { overlay, content };
}

/** A popup of the popup host: a modal dialog with a title, focus trap and Escape to close. */
export function Popup(props: {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
}) {
  const { t } = useLingui();
  const place = usePopupPlace();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="popup-overlay" {...place.overlay} />
        <Dialog.Content className="popup" role={props.role ?? 'dialog'} {...place.content}>
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

// From now on the error popup takes this frame too (src/ui/popup-frame.ts), so that it stacks with the
// popups built on it: one focus scope, one Escape.
setPopupFrame(Popup);
