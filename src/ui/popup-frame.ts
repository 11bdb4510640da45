import type { ComponentType, ReactNode } from 'react';

/** What a popup's frame takes: src/ui/Popup.tsx (Radix Dialog) and src/ui/NativePopup.tsx (`<dialog>`). */
export interface PopupFrameProps {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

let loaded: ComponentType<PopupFrameProps> | undefined;

/**
 * The error popup (spec §8) must show without any chunk, so the first load carries it in a native
 * `<dialog>` frame (src/ui/NativePopup.tsx) and not Radix Dialog, which only popups in chunks of their
 * own use (issue 14, Fast: some 10 kB gzip out of every first load). Once that frame has loaded
 * (src/ui/Popup.tsx sets it), an error popup opened from then on takes it too, so it stacks with the
 * popups built on it under one focus scope and one Escape.
 */
export function setPopupFrame(frame: ComponentType<PopupFrameProps>): void {
  loaded = frame;
}

export function popupFrame(): ComponentType<PopupFrameProps> | undefined {
  return loaded;
}
