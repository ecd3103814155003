import type { CreditHistoryEntryDto, TicketDto, TransactionDto, UserDto } from '@ecu/shared';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { localDb } from '../local/db';
import { renderWithProviders } from './render';
import { screen } from './rtl';

/**
 * Scaffolding for the customer screens' component tests: a tuner and their data as the API
 * shows them, the device's local database set up as after a sign-in, and a page rendered at its
 * route with the toasts on screen. The network is `mockApi()` (./api-mock.ts).
 */

let serial = 0;
const nextId = (prefix: string) => `${prefix}-${++serial}`;

/** A signed-in, onboarded, verified tuner (docs/product.md#1-roles-and-accounts). */
export function aUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    _id: nextId('user'),
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    address: '1 High Street',
    country: 'GB',
    city: 'Leeds',
    postalCode: 'LS1 1AA',
    role: 'user',
    credits: 7,
    perCreditPrice: 60,
    totalMoneySpent: 1584,
    totalFilesSubmitted: 3,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    onBoarded: true,
    verified: true,
    disabled: false,
    locale: 'en',
    ...overrides,
  };
}

export function aFile(name: string): NonNullable<TicketDto['ecuFile']> {
  return { id: nextId('file'), name, size: 2048, sha256: 'ab'.repeat(32), url: `/api/files/${name}` };
}

let ticketNumber = 100_000;

export function aTicket(overrides: Partial<TicketDto> = {}): TicketDto {
  const n = overrides.ticketNumber ?? ++ticketNumber;
  return {
    _id: nextId('ticket'),
    ticketNumber: n,
    make: 'Volkswagen',
    model: 'Golf',
    year: '2019',
    registration: 'AB12 CDE',
    ecuId: 'Bosch EDC17C46',
    transmission: 'Manual',
    readTool: 'KESS',
    readType: 'OBD',
    masterSlave: 'Master',
    stage: 'Stage 1',
    options: ['DPF-FAP OFF'],
    dtcCodes: [],
    notes: null,
    creditsNeed: 2,
    status: 'Pending',
    charged: false,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ecuFile: aFile(`original-${n}.bin`),
    commonFiles: [],
    ecuTunedFile: null,
    ...overrides,
  };
}

export function aTransaction(overrides: Partial<TransactionDto> = {}): TransactionDto {
  return {
    _id: nextId('tx'),
    serialNo: 'SN-000001',
    packageId: 'credits-10',
    credits: 10,
    amount: 662.4,
    subtotal: 552,
    vat: 110.4,
    currency: 'GBP',
    status: 'Completed',
    failureMessage: null,
    createdAt: '2025-02-01T12:00:00.000Z',
    completedAt: '2025-02-01T12:00:05.000Z',
    invoiceUrl: null,
    ...overrides,
  };
}

export function aCreditChange(overrides: Partial<CreditHistoryEntryDto> = {}): CreditHistoryEntryDto {
  return {
    id: ++serial,
    at: '2025-02-01T12:00:05.000Z',
    kind: 'purchase',
    reason: 'Purchase SN-000001',
    amount: 10,
    balanceAfter: 10,
    ticketNumber: null,
    ...overrides,
  };
}

/** This device as after a fresh start: nothing cached, nothing queued. */
export async function resetDevice(): Promise<void> {
  await Promise.all(localDb.tables.map((table) => table.clear()));
}

/** This device as after `user` signed in: the cached user the screens read. */
export async function signedInAs(user: UserDto): Promise<UserDto> {
  await localDb.meta.put({ key: 'authUser', value: user });
  return user;
}

/** The payments mode and seller block the server shares (GET /public-config), as cached. */
export async function cachePublicConfig(
  config: {
    payments?: { mode: 'sandbox' | 'stripe' | 'off'; publishableKey: string | null };
    company?: { name: string; address: string; vatId: string };
    supportEmail?: string;
  } = {},
): Promise<void> {
  await localDb.meta.put({
    key: 'publicConfig',
    value: {
      supportEmail: config.supportEmail ?? 'help@tuning.example',
      company: config.company ?? { name: 'Tuning Ltd', address: '2 Mill Lane, York', vatId: 'GB123456789' },
      payments: config.payments ?? { mode: 'sandbox', publishableKey: null },
    },
  });
}

/** Where the router went: every path the page under test does not own renders this probe. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </output>
  );
}

export interface PageOptions {
  /** The route pattern the page is mounted at, e.g. '/ticket-details/:ticketNumber'. */
  route: string;
  /** The URL it opens at (defaults to the route). */
  at?: string;
  /** Navigation state of the first entry. */
  state?: unknown;
}

/**
 * Renders a customer page at its route (./render.tsx: router, TanStack Query, toasts).
 * Navigating elsewhere shows the probe, read with `currentPath()` and `currentState()`.
 */
export function renderPage(page: ReactElement, { route, at = route, state }: PageOptions) {
  return renderWithProviders(page, { route: at, path: route, state, routes: { '*': <LocationProbe /> } });
}

/** The path (and query) the router went to, once the page navigated away. */
export async function currentPath(): Promise<string> {
  return (await screen.findByTestId('location')).textContent ?? '';
}

/** The navigation state the router went with. */
export function currentState(): unknown {
  return JSON.parse(screen.getByTestId('location').dataset.state ?? 'null');
}

export { findToast, toastTexts } from './render';

/**
 * The ticket chat's socket for pages that show the chat beside what a test is about: it stays
 * 'connecting' and says nothing (the chat itself is tested in chat/chat-panel.test.tsx).
 */
export function quietChatSocket(): void {
  class QuietSocket {
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readyState = 0;
    binaryType = 'arraybuffer';
    onopen = null;
    onmessage = null;
    onclose = null;
    onerror = null;
    send() {}
    close() {
      this.readyState = 3;
    }
  }
  vi.stubGlobal('WebSocket', QuietSocket);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}
