import type { EcuIdentification } from '../ecu-identify';
import type { Locale } from '../i18n/locales';
import type { TicketAssigneeDto } from './assignment';
import type { CounterOfferDto } from './counter-offers';
import type { DtcCodeDto } from './dtc-codes';
import type { TicketRatingDto } from './ratings';
/** A stored file as the API shows it (docs/product.md#13-the-http-api): `{ id, name, size, sha256, url }`. */
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
 * An earlier ticket whose original is byte-identical (SHA-256) to this one's and whose tuned
 * file was delivered: the admin may reuse that file after checking the plan matches.
 */
export interface KnownOriginalDto {
  ticketNumber: number;
  stage: string;
  options: string[];
  status: string;
  tunedFile: StoredFileDto;
}

/** A revision in a ticket's chain (docs/decisions/040-revisions.md). */
export interface TicketRevisionDto {
  ticketNumber: number;
  status: string;
  createdAt: string;
}

/**
 * A ticket as the API shows it (docs/product.md#5-tickets; field spellings: docs/product.md#13-the-http-api).
 * `history` comes with the details calls only; `userId` (the owner) on admin answers only.
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
  /** The fault codes a DTC OFF plan names, each ticked off by the engineer once removed (docs/decisions/092-fault-code-lists.md). */
  dtcCodes: DtcCodeDto[];
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
  /**
   * What the stored ECU read says about itself (identifyEcu on the server, which trusts no
   * client's result); with the details calls only, null until the server has read the file.
   */
  ecuIdentification?: EcuIdentification | null;
  /** Details only: the delivered ticket this one revises ('Request a change'), else null. */
  revisionOf?: { ticketNumber: number } | null;
  /** Details only: the revisions requested on this ticket, oldest first. */
  revisions?: TicketRevisionDto[];
  /**
   * Details only: when the revision chain's first ticket was created (this ticket's own
   * createdAt unless it is a revision). A change request is priced from it.
   */
  chainStartedAt?: string;
  /** Admin details only: an earlier delivered ticket with the same original bytes. */
  knownOriginal?: KnownOriginalDto | null;
  userId?: { _id: string; firstName: string; lastName: string; email: string; locale: Locale };
  /** The owner's details only: their rating of the delivered file, null until rated (docs/decisions/089-ratings.md). */
  rating?: TicketRatingDto | null;
  /** Admin answers only: the staff member working the ticket, null when nobody is (docs/decisions/087-assignment.md). */
  assignee?: TicketAssigneeDto | null;
  /**
   * The admin list only, while escalation is on: open minutes past its threshold, null when
   * it is not overdue (docs/decisions/090-escalation.md).
   */
  overdue?: number | null;
  /**
   * Details (owner and staff): the different plan an engineer proposed, while it waits for the
   * customer's answer; null when none is open (docs/decisions/091-counter-offers.md).
   */
  counterOffer?: CounterOfferDto | null;
  /** The admin list only: true while a counter-offer waits for the customer ('Awaiting customer'). */
  awaitingCustomer?: true;
}
