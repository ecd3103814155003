import type { UserDto } from '@ecu/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { onTestFinished } from 'vitest';
import {
  type LocalFile,
  localDb,
  PortalDb,
  type WizardDraftRow,
  type WizardPlan,
  type WizardStep,
  type WizardVehicle,
} from '../local/db';
import { aUser } from './customer';
import { render, screen } from './rtl';

/**
 * Scaffolding for the upload wizard's tests: drafts as the steps hold them, a main database of
 * the test's own (or the app's, for pages), a signed-in account, the databases of earlier
 * versions (the separate draft database, the main one before the draft table) for upgrades,
 * and the steps rendered at their routes. It imports no wizard code (features keep to
 * themselves: docs/decisions/039-feature-boundaries.md); the tests hand their pages in.
 */

/** A wizard file as the steps hold it: an id and the File. */
export interface TestWizardFile {
  id: string;
  file: File;
}

/** The draft as the store hands it to the steps (tickets/wizard/wizard-store.ts, WizardDraft). */
export interface TestDraft {
  clientId: string;
  reached: WizardStep;
  vehicle: WizardVehicle;
  plan: WizardPlan | null;
  ecuFile: TestWizardFile | null;
  commonFiles: TestWizardFile[];
}

let serial = 0;

/** A main database of this test only, deleted when the test ends. */
export async function aTestDb(): Promise<PortalDb> {
  const db = new PortalDb(`wizard-test-${++serial}-${Date.now()}`);
  await db.open();
  onTestFinished(() => db.delete());
  return db;
}

/** `user` is signed in on this device (the store keys drafts by the signed-in account). */
export async function signIn(db: PortalDb = localDb, user: UserDto = aUser()): Promise<UserDto> {
  await db.meta.put({ key: 'authUser', value: user });
  return user;
}

export function aWizardFile(
  name: string,
  content = `bytes of ${name}`,
  type = 'application/octet-stream',
): TestWizardFile {
  return {
    id: crypto.randomUUID(),
    file: new File([content], name, { type, lastModified: 1_700_000_000_000 }),
  };
}

/** Step 1 filled in as Continue accepts it. */
export const A_VEHICLE: WizardVehicle = {
  make: 'Volkswagen',
  model: 'Golf 2.0 TDI',
  year: '2019',
  registration: 'AB12 CDE',
  ecuId: '',
  transmission: 'Manual',
  readTool: 'KESS',
  readType: 'OBD',
  masterSlave: 'Master',
};

/** Step 2 filled in as Continue accepts it. */
export const A_PLAN: WizardPlan = { stage: 'Stage 1', options: ['EGR OFF'], notes: 'Downpipe' };

/** A draft that reached the overview complete, with an ECU file and one additional file. */
export function aDraft(overrides: Partial<TestDraft> = {}): TestDraft {
  return {
    clientId: crypto.randomUUID(),
    reached: 'overview',
    vehicle: { ...A_VEHICLE },
    plan: { ...A_PLAN, options: [...A_PLAN.options] },
    ecuFile: aWizardFile('golf-ecu.bin'),
    commonFiles: [aWizardFile('datalog.csv', 'rpm,boost', 'text/csv')],
    ...overrides,
  };
}

/** The stored rows of the draft table, as IndexedDB holds them. */
export function draftRows(db: PortalDb = localDb): Promise<WizardDraftRow[]> {
  return db.wizardDrafts.toArray();
}

/** The main database as version 3 declared it (before the draft table), with one queued ticket. */
export async function aVersion3Db(name: string): Promise<void> {
  const old = new Dexie(name);
  old.version(1).stores({
    meta: 'key',
    outbox: '++id, kind, status',
    tickets: '_id, ticketNumber, createdAt',
    transactions: '_id, serialNo, createdAt',
  });
  old.version(2).stores({ localFiles: 'id, clientId, status, createdAt' });
  old.version(3).stores({ queryCache: 'key' });
  await old.open();
  await old.table('outbox').add({
    idempotencyKey: 'key-1',
    kind: 'createTicket',
    method: 'POST',
    path: '/ecuFile/create-ecuFile',
    body: { clientId: 'queued-ticket', localFileIds: ['queued-file'] },
    status: 'pending',
    attempts: 0,
    createdAt: 1,
  });
  await old.table('localFiles').add(aLocalFile('queued-file', 'queued-ticket', 'ecu'));
  await old
    .table('tickets')
    .add({ _id: 't-1', ticketNumber: 100_001, createdAt: '2025-01-01T00:00:00.000Z' });
  old.close();
}

export function aLocalFile(
  id: string,
  clientId: string,
  purpose: LocalFile['purpose'],
  createdAt = 1,
): LocalFile {
  const blob = new File([`bytes of ${id}`], `${id}.bin`, { type: 'application/octet-stream' });
  return {
    id,
    clientId,
    purpose,
    name: `${id}.bin`,
    size: blob.size,
    type: blob.type,
    blob,
    status: 'queued',
    bytesUploaded: 0,
    createdAt,
  };
}

/** The separate draft database of earlier versions ('ecu-portal-wizard'), holding `drafts`. */
export async function aLegacyDraftDb(name: string, drafts: Record<string, unknown>[]): Promise<void> {
  const legacy = new Dexie(name);
  legacy.version(1).stores({ drafts: 'userId', submitted: 'clientId, at' });
  await legacy.open();
  await legacy.table('drafts').bulkPut(drafts);
  legacy.close();
  onTestFinished(() => Dexie.delete(name));
}

/** Where the router went: every path the test did not hand a page for renders this. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="elsewhere">{location.pathname}</output>;
}

/**
 * Renders `pages` (path -> page) in a memory router at `at`, with navigation state `state`
 * (a move inside the wizard carries one), TanStack Query and the toasts. Pair with mockApi()
 * (./api-mock.ts): the steps ask for the service status.
 */
export function renderSteps(pages: Record<string, ReactElement>, at: string, state?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: at, state }]}>
        <Routes>
          {Object.entries(pages).map(([path, page]) => (
            <Route key={path} path={path} element={page} />
          ))}
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  onTestFinished(() => queryClient.clear());
  return { ...result, user };
}

/** The path the router went to, once it left the pages under test. */
export async function pathElsewhere(): Promise<string> {
  return (await screen.findByTestId('elsewhere')).textContent ?? '';
}
