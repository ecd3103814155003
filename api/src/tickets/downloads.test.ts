import type { TicketDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, ledgerOf, storedUser } from '../test/credits-helpers';
import { adminUser, newClient, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { startTestServer, type TestServer } from '../test/test-server';
import {
  download,
  fileBytes,
  setStatus,
  sha256,
  submitTicket,
  uploadTunedMultipart,
} from '../test/ticket-helpers';
import { DOWNLOAD_URL_TTL_MS, signedDownloadUrl } from './signed-url';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger, admin] = await Promise.all([
    verifiedUser(server),
    verifiedUser(server),
    adminUser(server),
  ]);
  // Enough for every download of the owner in this file (4 credits each).
  await buyCredits(owner.client, '48credits');
});
afterAll(async () => {
  await server?.close();
});

interface Eligibility {
  eligible: boolean;
  message: string;
  url?: string;
  charged?: boolean;
}

function isEligible(who: TestUser, ticketNumber: unknown) {
  return who.client.post<Eligibility>('/api/ecuFile/isEligibleToDownload', { ticketNumber });
}

/** A ticket of `who` (4 credits) with a tuned file from the admin, set to `status`. */
async function tunedTicket(
  who: TestUser,
  status = 'Unlocked',
): Promise<{ ticket: TicketDto; tuned: Buffer; tunedId: string }> {
  const { ticket } = await submitTicket(who.client);
  const tuned = fileBytes(6000);
  const res = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
    bytes: tuned,
    name: 'stage1.bin',
  });
  expect(res.status, res.text).toBe(200);
  if (status !== 'Pending') await setStatus(admin.client, ticket._id, status);
  return { ticket, tuned, tunedId: res.body.data.ecuTunedFile!.id };
}

function charges(db: TestServer['deps']['db'], userId: string, ticketNumber: number, kind: string) {
  return ledgerOf(db, userId).then((rows) =>
    rows.filter((r) => r.kind === kind && r.reference === `ticket:${ticketNumber}`),
  );
}

describe('GET /api/files/:id (original and additional files)', () => {
  it('lets the owner download their original and additional files as attachments, bytes intact', async () => {
    const { ticket, ecuBytes, commonBytes } = await submitTicket(owner.client, { commonSizes: [100, 2500] });
    const wanted = [
      { file: ticket.ecuFile!, bytes: ecuBytes },
      ...ticket.commonFiles.map((file, i) => ({ file, bytes: commonBytes[i]! })),
    ];
    for (const { file, bytes } of wanted) {
      const res = await download(owner.client, file.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${file.name}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      );
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('x-content-sha256')).toBe(sha256(bytes));
      expect(sha256(res.bytes)).toBe(sha256(bytes));
      expect(sha256(res.bytes)).toBe(file.sha256);
    }
  });

  it('answers 404 to another user and 401 when signed out', async () => {
    const { ticket } = await submitTicket(owner.client, { commonSizes: [50] });
    for (const url of [ticket.ecuFile!.url, ticket.commonFiles[0]!.url]) {
      const theirs = await download(stranger.client, url);
      expect(theirs.status).toBe(404);
      expect(theirs.bytes.toString()).toContain('File not found');
      expect((await download(newClient(server), url)).status).toBe(401);
    }
    // HEAD answers the headers without a body (and opens no file).
    const head = await owner.client.request('HEAD', ticket.ecuFile!.url);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toContain('attachment');
    expect(head.text).toBe('');
    for (const id of [
      'not-a-file-id',
      '0'.repeat(36),
      '-'.repeat(36),
      '00000000-0000-0000-0000-000000000000',
    ]) {
      expect((await download(owner.client, `/api/files/${id}`)).status, id).toBe(404);
    }
  });
});

describe('POST /api/ecuFile/isEligibleToDownload', () => {
  it('charges creditsNeed once for 20 parallel calls, and each answers eligible with a signed url', async () => {
    const { ticket, tuned, tunedId } = await tunedTicket(owner);
    const before = (await storedUser(server.deps.db, owner.user._id)).credits;

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => isEligible(owner, ticket.ticketNumber)),
    );
    for (const res of answers) {
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.eligible).toBe(true);
      expect(res.body.data.url).toMatch(
        new RegExp(`^/api/files/${tunedId}\\?expires=\\d+&signature=[\\w-]+$`),
      );
    }
    expect(answers.filter((a) => a.body.data.charged)).toHaveLength(1);
    const charged = await charges(server.deps.db, owner.user._id, ticket.ticketNumber, 'download_charge');
    expect(charged.map((c) => c.delta)).toEqual([-4]);
    expect((await storedUser(server.deps.db, owner.user._id)).credits).toBe(before - 4);

    const file = await download(owner.client, answers[7]!.body.data.url!);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(tuned));
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="stage1.bin"/);

    // Later downloads are free.
    const again = await isEligible(owner, ticket.ticketNumber);
    expect(again.body.data).toMatchObject({ eligible: true, charged: false });
    expect((await storedUser(server.deps.db, owner.user._id)).credits).toBe(before - 4);
    const details = await owner.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(details.body.data.charged).toBe(true);
    expect(details.body.data.history?.filter((h) => h.kind === 'charged')).toHaveLength(1);
  });

  it('is not eligible before the ticket is Unlocked, and charges nothing', async () => {
    const before = (await storedUser(server.deps.db, owner.user._id)).credits;
    for (const status of ['Pending', 'In Progress', 'Completed', 'Failed']) {
      const { ticket } = await tunedTicket(owner, status);
      const res = await isEligible(owner, ticket.ticketNumber);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        eligible: false,
        message: 'You are not eligible to download this file',
      });
    }
    expect((await storedUser(server.deps.db, owner.user._id)).credits).toBe(before);
  });

  it("answers 'File not available' for an Unlocked ticket without a tuned file", async () => {
    const before = (await storedUser(server.deps.db, owner.user._id)).credits;
    const { ticket } = await submitTicket(owner.client);
    await setStatus(admin.client, ticket._id, 'Unlocked');
    const res = await isEligible(owner, ticket.ticketNumber);
    expect(res.body.data).toEqual({ eligible: false, message: 'File not available' });
    expect((await storedUser(server.deps.db, owner.user._id)).credits).toBe(before);
  });

  it('is not eligible with too few credits, says how many are missing and keeps the balance', async () => {
    const poor = await verifiedUser(server);
    await buyCredits(poor.client, '1credit');
    const { ticket } = await tunedTicket(poor);
    const res = await isEligible(poor, ticket.ticketNumber);
    expect(res.status).toBe(200);
    expect(res.body.data.eligible).toBe(false);
    expect(res.body.data.url).toBeUndefined();
    expect(res.body.data.message).toBe(
      'You need 3 more credits to download this file (it costs 4, your balance is 1).',
    );
    expect((await storedUser(server.deps.db, poor.user._id)).credits).toBe(1);
    expect(await charges(server.deps.db, poor.user._id, ticket.ticketNumber, 'download_charge')).toEqual([]);
  });

  it("says how many credits are missing in the owner's language (German)", async () => {
    const poor = await verifiedUser(server);
    expect((await poor.client.put('/api/auth/locale', { locale: 'de' })).status).toBe(200);
    await buyCredits(poor.client, '1credit');
    const { ticket } = await tunedTicket(poor);
    const res = await isEligible(poor, ticket.ticketNumber);
    expect(res.body.data.message).toBe(
      'Sie brauchen 3 weitere Credits, um diese Datei herunterzuladen (sie kostet 4, Ihr Guthaben beträgt 1).',
    );
  });

  it("answers 'Ticket number missing!' without a ticket number, and 404 for someone else's ticket", async () => {
    for (const body of [{}, { ticketNumber: 'abc' }, { ticketNumber: null }]) {
      const res = await owner.client.post('/api/ecuFile/isEligibleToDownload', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Ticket number missing!');
    }
    const { ticket } = await tunedTicket(owner);
    const theirs = await isEligible(stranger, ticket.ticketNumber);
    expect(theirs.status).toBe(404);
  });
});

describe('the signed url of the tuned file', () => {
  let tunedId: string;
  let validUrl: string;

  beforeAll(async () => {
    const made = await tunedTicket(owner);
    tunedId = made.tunedId;
    validUrl = (await isEligible(owner, made.ticket.ticketNumber)).body.data.url!;
  });

  it('opens for the owner with a valid signature', async () => {
    expect((await download(owner.client, validUrl)).status).toBe(200);
  });

  it('answers 404 without a signature, with a tampered one, expired, or signed for another user', async () => {
    const secret = server.config.authSecret;
    const url = new URL(validUrl, server.url);
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      `/api/files/${tunedId}`,
      `/api/files/${tunedId}?expires=${expires}`,
      `/api/files/${tunedId}?expires=${expires}&signature=${flipped}`,
      `/api/files/${tunedId}?expires=${expires + 60_000}&signature=${signature}`,
      signedDownloadUrl(secret, tunedId, owner.user._id, Date.now() - DOWNLOAD_URL_TTL_MS - 1000),
      signedDownloadUrl(secret, tunedId, stranger.user._id),
    ];
    for (const path of refused) {
      const res = await download(owner.client, path);
      expect(res.status, path).toBe(404);
    }
    // Someone else holding the owner's link is refused too.
    expect((await download(stranger.client, validUrl)).status).toBe(404);
    expect(
      (await download(stranger.client, signedDownloadUrl(secret, tunedId, stranger.user._id))).status,
    ).toBe(404);
  });
});

describe('refunds when a charged ticket fails', () => {
  it('refunds once when set to Failed after the charge (twice Failed, or Failed -> Pending -> Failed)', async () => {
    const { ticket } = await tunedTicket(owner);
    const before = (await storedUser(server.deps.db, owner.user._id)).credits;
    expect((await isEligible(owner, ticket.ticketNumber)).body.data.charged).toBe(true);
    expect((await storedUser(server.deps.db, owner.user._id)).credits).toBe(before - 4);

    expect(await setStatus(admin.client, ticket._id, 'Failed')).toEqual({ changed: true, refunded: true });
    expect((await storedUser(server.deps.db, owner.user._id)).credits).toBe(before);
    expect(await setStatus(admin.client, ticket._id, 'Failed')).toEqual({ changed: false, refunded: false });
    expect(await setStatus(admin.client, ticket._id, 'Pending')).toEqual({ changed: true, refunded: false });
    expect(await setStatus(admin.client, ticket._id, 'Failed')).toEqual({ changed: true, refunded: false });

    expect((await storedUser(server.deps.db, owner.user._id)).credits).toBe(before);
    const refunds = await charges(server.deps.db, owner.user._id, ticket.ticketNumber, 'refund');
    expect(refunds.map((r) => r.delta)).toEqual([4]);
    const details = await owner.client.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticket.ticketNumber}`);
    expect(details.body.data.charged).toBe(false);
    expect(details.body.data.history?.filter((h) => h.kind === 'refunded')).toHaveLength(1);
  });

  it('closes a signed url handed out before the refund, within its five minutes; a new charge opens a new one', async () => {
    const { ticket, tuned, tunedId } = await tunedTicket(owner);
    const url = (await isEligible(owner, ticket.ticketNumber)).body.data.url!;
    expect((await download(owner.client, url)).status).toBe(200);

    expect(await setStatus(admin.client, ticket._id, 'Failed')).toEqual({ changed: true, refunded: true });
    expect((await download(owner.client, url)).status).toBe(404);
    // Unlocked again, the refunded ticket is not paid for: the old link stays closed.
    await setStatus(admin.client, ticket._id, 'Unlocked');
    expect((await download(owner.client, url)).status).toBe(404);
    // Any status but Unlocked closes it too, even while paid for.
    const again = await isEligible(owner, ticket.ticketNumber);
    expect(again.body.data.charged).toBe(true);
    const fresh = await download(owner.client, again.body.data.url!);
    expect(fresh.status).toBe(200);
    expect(sha256(fresh.bytes)).toBe(sha256(tuned));
    await setStatus(admin.client, ticket._id, 'Pending');
    expect((await download(owner.client, again.body.data.url!)).status).toBe(404);
    // The admin still reads every file.
    expect((await download(admin.client, `/api/files/${tunedId}`)).status).toBe(200);
  });

  it('refunds nothing when a ticket that was never charged fails', async () => {
    const { ticket } = await tunedTicket(owner);
    const before = (await storedUser(server.deps.db, owner.user._id)).credits;
    expect(await setStatus(admin.client, ticket._id, 'Failed')).toEqual({ changed: true, refunded: false });
    expect((await storedUser(server.deps.db, owner.user._id)).credits).toBe(before);
    expect(await charges(server.deps.db, owner.user._id, ticket.ticketNumber, 'refund')).toEqual([]);
  });
});

describe('status e-mails', () => {
  it('mails the owner over SMTP when the ticket becomes Unlocked or Failed, and for no other status', async () => {
    const tuner = await verifiedUser(server);
    const { ticket } = await submitTicket(tuner.client);
    const n = ticket.ticketNumber;

    for (const status of ['In Progress', 'Completed']) await setStatus(admin.client, ticket._id, status);
    // The mail is queued with the change (docs/decisions/070-durable-jobs.md): once the queue is
    // settled, nothing pending means none was sent.
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);

    await setStatus(admin.client, ticket._id, 'Unlocked');
    const unlocked = await server.smtp.nextMail(tuner.email);
    expect(unlocked.subject).toBe(`ECU Portal: ticket ${n}: your tuned file is ready`);
    expect(unlocked.text).toContain(`${server.url}/ticket-details/${n}`);

    await setStatus(admin.client, ticket._id, 'Pending');
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
    await setStatus(admin.client, ticket._id, 'Failed');
    const failed = await server.smtp.nextMail(tuner.email);
    expect(failed.subject).toBe(`ECU Portal: ticket ${n}: we could not complete your file`);
    expect(failed.text).toContain(`Ticket ${n} is now Failed.`);

    // Setting the same status again changes nothing and mails nothing.
    await setStatus(admin.client, ticket._id, 'Failed');
    await setStatus(admin.client, ticket._id, 'Completed');
    await jobsSettled(server.deps.jobs);
    expect(server.smtp.pending(tuner.email)).toEqual([]);
    expect(server.smtp.received.filter((m) => m.to.includes(tuner.email.toLowerCase()))).toHaveLength(3);
  });
});
