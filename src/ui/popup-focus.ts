/** Where a popup's focus starts and where it goes back to (src/ui/Popup.tsx, src/ui/NativePopup.tsx). */

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
export function returnFocus(opener: HTMLElement | undefined) {
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
