/**
 * The ticket chat's public module (docs/decisions/022-chat-on-yjs.md). The panel itself is
 * loaded lazily: importing this module does not load the Yjs libraries.
 */
export type { ChatVariant } from './chat-frame';
export type { ChatPanelProps } from './chat-panel';
export { ChatPanel } from './lazy-chat-panel';
export type { ComposerReplies } from './slash-menu';
