// The part of the chat that works on Yjs documents: rooms, their storage and the load payload.
// Loaded with the first room or load payload (docs/decisions/049-lazy-chat-documents.md), not
// at start: Yjs, lib0 and y-protocols were the largest packages of the main bundle. Only
// docRuntime() below imports this module; everything else imports its types.
export { chatLoadPayload } from './load-payload';
export { appendChatUpdates, compactChat, compactLeftoverChats, loadChatState } from './persistence';
export { ChatRoom } from './room';
