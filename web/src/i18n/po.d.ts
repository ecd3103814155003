/** A PO catalogue imported by the app is compiled by @lingui/vite-plugin (docs/decisions/093-languages.md). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
