/** A stored file as the API shows it (DECISIONS 4): `{ id, name, size, sha256, url }`. */
export interface StoredFileDto {
  id: string;
  name: string;
  size: number;
  sha256: string;
  url: string;
}

/** One line of a ticket's history: created, status_changed, file_uploaded, charged, refunded. */
export interface TicketEventDto {
  kind: string;
  at: string;
  /** Who did it, by name ('Jane Admin (admin)'); null for the system. */
  by: string | null;
  detail: Record<string, unknown>;
}

/**
 * A ticket as the API shows it (spec section 3, DECISIONS 4 spellings). `history` comes with
 * the details calls only; `userId` (the owner) on admin answers only.
 */
export interface TicketDto {
  _id: string;
  ticketNumber: number;
  make: string;
  model: string;
  year: string;
  registration: string;
  ecuId: string | null;
  transmission: string | null;
  readTool: string | null;
  readType: string | null;
  masterSlave: string | null;
  stage: string;
  options: string[];
  notes: string | null;
  creditsNeed: number;
  /** A TicketStatus; anything unknown is shown as Pending. */
  status: string;
  charged: boolean;
  createdAt: string;
  updatedAt: string;
  ecuFile: StoredFileDto | null;
  commonFiles: StoredFileDto[];
  ecuTunedFile: StoredFileDto | null;
  history?: TicketEventDto[];
  userId?: { _id: string; firstName: string; lastName: string; email: string };
}
