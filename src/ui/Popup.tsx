import { useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useContext, useState, type ComponentProps, type ReactNode } from 'react';
import { PopupPlaceContext } from '../app/popups.ts';

/**
 * Form fields a visitor types or picks in, and tab lists and radio groups: of their choices only the
 * selected one takes the Tab (or the group, which hands the focus on to it).
 */
const FIELDS =
  'input:not([type="hidden"]), select, textarea, [role="tablist"], [role="tab"], [role="radiogroup"], [role="radio"]';
/** Anything else that takes the focus by Tab. */
const TABBABLE = 'button, a[href], input:not([type="hidden"]), select, textarea, [tabindex]';

function canTakeFocus(element: HTMLElement): boolean {
  return (
    element.tabIndex >= 0 &&
    !(element as HTMLInputElement).disabled &&
    !element.closest('[hidden], [inert], [aria-hidden="true"]') &&
    (typeof getComputedStyle !== 'function' || getComputedStyle(element).visibility !== 'hidden')
  );
}

/**
 * Where a popup's focus starts: what it marks `data-autofocus`, else its first field, tab or choice
 * (the selected tab, the checked radio of a group), else the first control of its body; never the
 * Close button while there is anything else.
 */
export function firstControl(content: HTMLElement): HTMLElement | undefined {
  const body = content.querySelector<HTMLElement>('.popup-body') ?? content;
  const marked = content.querySelector<HTMLElement>('[data-autofocus]');
  if (marked && canTakeFocus(marked)) return marked;
  const field = [...body.querySelectorAll<HTMLElement>(FIELDS)].find(canTakeFocus);
  if (field instanceof HTMLInputElement && field.type === 'radio' && !field.checked && field.name) {
    const checked = [...body.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')].find((radio) => radio.name === field.name);
    if (checked && canTakeFocus(checked)) return checked;
  }
  if (field) return field;
  return [...body.querySelectorAll<HTMLElement>(TABBABLE)].find(canTakeFocus);
}

/** Gives the focus back to what opened a popup, else to the popup now on top, else to the page's main content. */
function returnFocus(opener: HTMLElement | undefined) {
  if (opener?.isConnected && canTakeFocus(opener)) {
    opener.focus();
    return;
  }
  const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].filter(
    (dialog) => !dialog.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
  const top = dialogs.at(-1);
  if (top) {
    (firstControl(top) ?? top).focus();
    return;
  }
  document.getElementById('main')?.focus({ preventScroll: true });
}

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
    ...(hidden ? { hidden: true, inert: true, 'aria-hidden': true, style: { display: 'none' } } : {}),
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
