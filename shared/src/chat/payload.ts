/** A chat message as the HTTP load payload shows it (docs/product.md#10-chat). */
export interface ChatMessageDto {
  _id: string;
  message: string;
  /** When the server received it: the time a message shows. */
  createdAt: string;
  /** The writer's own clock, bounded to the 30 days before receipt and never after; null when unknown. */
  writtenAt: string | null;
  sender: { _id: string; firstName: string; lastName: string; role: 'user' | 'admin' };
  attachments: { id: string; name: string; size: number; url: string }[];
}

export interface ChatPartnerDto {
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
  email: string;
}

/** GET /api/chat/{ticketNumber}: the chat load payload (docs/product.md#10-chat). */
export interface ChatLoadPayload {
  ticketNumber: number;
  messages: ChatMessageDto[];
  /** Index of the first message the caller has not seen and did not write; -1 when none. */
  unreadIndex: number;
  chatPartner: ChatPartnerDto;
  /** How many messages the other side has seen (read receipts). */
  partnerReadCount: number;
}

/** One row of the admin support inbox. */
export interface ChatInboxRow {
  ticketId: string;
  ticketNumber: number;
  customer: { id: string; firstName: string; lastName: string; email: string };
  vehicle: string;
  unreadCount: number;
  /** When the oldest customer message support has not read arrived (ISO). */
  waitingSince: string;
  lastMessage: string;
  /** While escalation is on: open minutes past its threshold, null when not overdue (docs/decisions/090-escalation.md). */
  overdue?: number | null;
}
