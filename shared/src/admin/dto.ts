import type { UserDto } from '../accounts/user';
import type { TransactionDto } from '../credits/transaction';
import type { RatingsOverviewDto } from '../tickets/ratings';
import type { DeliveryJobDto } from './deliveries';
import type { StorageUseDto } from './storage-use';

/** Who did something, as admin answers name them. */
export interface PersonRef {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** One line of a user's credit ledger (append-only; newest first in answers). */
export interface LedgerEntryDto {
  id: number;
  kind: 'purchase' | 'admin_adjustment' | 'admin_reset' | 'download_charge' | 'refund';
  delta: number;
  balanceAfter: number;
  reference: string | null;
  /** The reason an admin gave, or the system's note. */
  note: string | null;
  /** null: the system (a payment, a download). */
  actor: PersonRef | null;
  createdAt: string;
}

/**
 * What an admin did: 'user.role', 'user.disable', 'user.activate', 'user.delete',
 * 'user.price', 'user.credits', 'user.resend_verification', 'settings.update'.
 */
export interface AuditEntryDto {
  id: number;
  action: string;
  actor: PersonRef | null;
  targetType: 'user' | 'settings' | 'ticket' | 'solution';
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

/** A ticket in a list on the user's page. */
export interface TicketSummaryDto {
  _id: string;
  ticketNumber: number;
  make: string;
  model: string;
  year: string;
  registration: string;
  status: string;
  creditsNeed: number;
  createdAt: string;
}

/**
 * GET /admin/users/:userId: the user's page. Each list is newest first and holds at most its
 * first page; `*NextCursor` pages on through GET /admin/users/:userId/{ledger,payments,tickets,audit}.
 */
export interface AdminUserDetailDto {
  user: UserDto;
  /** Set when the account was deleted: the page still opens, anonymised, for accounting. */
  deletedAt: string | null;
  ledger: LedgerEntryDto[];
  ledgerNextCursor: string | null;
  payments: TransactionDto[];
  paymentsNextCursor: string | null;
  tickets: TicketSummaryDto[];
  ticketsNextCursor: string | null;
  audit: AuditEntryDto[];
  auditNextCursor: string | null;
  /** E-mails and pushes to this person that are failing or gave up, newest first (at most 3). */
  failedDeliveries: DeliveryJobDto[];
}

/** GET /admin/overview?from&to: the business at a glance, one call. Money in pounds, VAT included. */
export interface OverviewDto {
  /** The period, as days in the business's time zone. */
  from: string;
  to: string;
  timeZone: string;
  /** Files now waiting, by status (Pending, In Progress, Completed: not yet unlocked). */
  waitingByStatus: { status: string; count: number }[];
  /** The oldest files still waiting (Pending or In Progress), oldest first, at most 10. */
  oldestWaiting: {
    ticketNumber: number;
    make: string;
    model: string;
    status: string;
    createdAt: string;
    waitingMinutes: number;
    owner: PersonRef;
  }[];
  /** Every day of the period, zeros included. */
  filesPerDay: { date: string; count: number }[];
  /** Every ISO week (starting Monday) touching the period; completed payments only. */
  revenuePerWeek: { weekStart: string; amount: number; vat: number; payments: number }[];
  totals: {
    files: number;
    revenue: number;
    vat: number;
    creditsSold: number;
    creditsSpent: number;
    newUsers: number;
    /** Files delivered in the period (set to Unlocked, by hand or automatically)... */
    delivered: number;
    /** ...and of them, those the solution library delivered automatically. */
    deliveredAutomatically: number;
  };
  /** The file store's disk (DATA_DIR); null with S3, which has no local disk to watch. */
  storage: StorageUseDto | null;
  /** Ratings of delivered files, the last 8 weeks up to the period's end (docs/decisions/089-ratings.md). */
  ratings?: RatingsOverviewDto;
}
