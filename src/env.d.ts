/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The same catalogue under another module id: the rest of its messages in production builds (src/i18n/i18n.ts). */
declare module '*.po?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
