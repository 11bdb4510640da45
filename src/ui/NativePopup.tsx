import { useLingui } from '@lingui/react/macro';
import { useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { PopupPlaceContext } from '../app/popups.ts';
import { firstControl, returnFocus } from './popup-focus.ts';
import type { PopupFrameProps } from './popup-frame.ts';

/**
 * A popup on the browser's own modal `<dialog>` (src/ui/popup-frame.ts), looking and behaving like
 * src/ui/Popup.tsx: a title, Close, the page behind inert and not scrolling, Escape closes, the focus
 * starts on the first control of the body and goes back to what opened the popup. In the stack
 * (src/app/popups.ts) only the top one shows; one below is closed and hidden, and keeps its state.
 */
export function NativePopup(props: PopupFrameProps) {
  const { t } = useLingui();
  const place = useContext(PopupPlaceContext);
  const [opener] = useState(() =>
    place.opener ?? (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : undefined),
  );
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !place.top) return;
    // jsdom has no showModal: the open attribute alone shows it there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    (firstControl(dialog) ?? dialog).focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    // Escape (or the browser's close request): the popup closes as by its Close button.
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose.current();
    };
    // Tab goes round inside the popup, as in the Radix frame (the browser's own would leave for its toolbar).
    const loop = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const stops = [...dialog.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
        (element) => !(element as HTMLButtonElement).disabled && element.tabIndex >= 0,
      );
      const first = stops[0];
      const last = stops.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', cancel);
    dialog.addEventListener('keydown', loop);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('keydown', loop);
      root.style.overflow = overflow;
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    };
  }, [place.top]);

  // Once it is gone: the focus back to what opened it, else to the popup now on top, else to the page.
  useEffect(() => () => returnFocus(opener), [opener]);

  return (
    <dialog
      ref={ref}
      className="popup native-popup"
      role={props.role ?? 'dialog'}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      hidden={!place.top}
    >
      <header className="popup-header">
        <h2 id={titleId} className="popup-title">
          {props.title}
        </h2>
        <button type="button" className="icon-button" aria-label={t`Close`} onClick={() => props.onClose()}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <p id={descriptionId} className={props.description ? 'popup-description' : 'visually-hidden'}>
        {props.description ?? props.title}
      </p>
      <div className="popup-body">{props.children}</div>
    </dialog>
  );
}
