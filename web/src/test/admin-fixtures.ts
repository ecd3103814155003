import type {
  AdminUserDetailDto,
  AuditEntryDto,
  LedgerEntryDto,
  PersonRef,
  TicketDto,
  TicketSummaryDto,
  TransactionDto,
  UserDto,
} from '@ecu/shared';
import { onTestFinished } from 'vitest';
import { localDb } from '../local/db';

/** Rows shaped as the admin API sends them (api/src/admin), for the admin desk's screen tests. */

let seq = 0;
const next = () => ++seq;

export function userDto(over: Partial<UserDto> = {}): UserDto {
  const n = next();
  return {
    _id: `u${n}`,
    firstName: 'Jane',
    lastName: `Doe${n}`,
    email: `jane${n}@example.com`,
    address: '1 High Street',
    country: 'GB',
    city: 'London',
    postalCode: 'SW1A 1AA',
    role: 'user',
    credits: 10,
    perCreditPrice: 60,
    totalMoneySpent: 120,
    totalFilesSubmitted: 3,
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-02T10:00:00.000Z',
    onBoarded: true,
    verified: true,
    disabled: false,
    locale: 'en',
    ...over,
  };
}

export function personRef(user: Pick<UserDto, '_id' | 'firstName' | 'lastName' | 'email'>): PersonRef {
  return { _id: user._id, firstName: user.firstName, lastName: user.lastName, email: user.email };
}

export function transactionDto(over: Partial<TransactionDto> = {}): TransactionDto {
  const n = next();
  return {
    _id: `t${n}`,
    serialNo: `SN-${String(n).padStart(6, '0')}`,
    packageId: 'pack-10',
    credits: 10,
    amount: 720,
    subtotal: 600,
    vat: 120,
    currency: 'GBP',
    status: 'Completed',
    failureMessage: null,
    createdAt: '2025-02-03T09:30:00.000Z',
    completedAt: '2025-02-03T09:31:00.000Z',
    invoiceUrl: `/api/invoices/t${n}.pdf`,
    ...over,
  };
}

export function ledgerEntry(over: Partial<LedgerEntryDto> = {}): LedgerEntryDto {
  return {
    id: next(),
    kind: 'admin_adjustment',
    delta: 5,
    balanceAfter: 15,
    reference: null,
    note: 'Goodwill',
    actor: null,
    createdAt: '2025-02-04T12:00:00.000Z',
    ...over,
  };
}

export function ticketSummary(over: Partial<TicketSummaryDto> = {}): TicketSummaryDto {
  const n = next();
  return {
    _id: `k${n}`,
    ticketNumber: 1000 + n,
    make: 'BMW',
    model: '320d',
    year: '2018',
    registration: `AB${n}CDE`,
    status: 'Pending',
    creditsNeed: 4,
    createdAt: '2025-02-05T08:00:00.000Z',
    ...over,
  };
}

export function auditEntry(over: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id: next(),
    action: 'user.disable',
    actor: null,
    targetType: 'user',
    targetId: 'u0',
    before: { disabled: false },
    after: { disabled: true },
    createdAt: '2025-02-06T08:00:00.000Z',
    ...over,
  };
}

export function userDetail(user: UserDto, over: Partial<AdminUserDetailDto> = {}): AdminUserDetailDto {
  return {
    user,
    deletedAt: null,
    ledger: [],
    ledgerNextCursor: null,
    payments: [],
    paymentsNextCursor: null,
    tickets: [],
    ticketsNextCursor: null,
    audit: [],
    auditNextCursor: null,
    failedDeliveries: [],
    ...over,
  };
}

/** The signed-in account as the app keeps it (the shell writes it after GET /auth/me). */
export async function signInAs(user: UserDto): Promise<void> {
  await localDb.meta.put({ key: 'authUser', value: user });
  onTestFinished(async () => {
    await localDb.meta.delete('authUser');
  });
}

export function ticketDto(over: Partial<TicketDto> = {}): TicketDto {
  const n = next();
  return {
    _id: `ticket-${n}`,
    ticketNumber: 100000 + n,
    make: 'Volkswagen',
    model: 'Golf',
    year: '2019',
    registration: 'AB19 CDE',
    ecuId: 'EDC17C64',
    transmission: 'Manual',
    readTool: 'KESS3',
    readType: 'OBD',
    masterSlave: 'Master',
    stage: 'Stage 1',
    options: ['EGR OFF'],
    dtcCodes: [],
    notes: null,
    creditsNeed: 4,
    status: 'Pending',
    charged: true,
    createdAt: '2025-02-07T08:00:00.000Z',
    updatedAt: '2025-02-07T08:00:00.000Z',
    ecuFile: {
      id: `f${n}`,
      name: 'original.bin',
      size: 2_097_152,
      sha256: 'a'.repeat(64),
      url: `/api/files/f${n}`,
    },
    commonFiles: [],
    ecuTunedFile: null,
    history: [],
    userId: { _id: 'owner-1', firstName: 'Tom', lastName: 'Tuner', email: 'tom@garage.com', locale: 'en' },
    ...over,
  };
}
