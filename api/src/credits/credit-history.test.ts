import type { CreditHistoryEntryDto, TicketDto, TransactionDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits, storedUser } from '../test/credits-helpers';
import { adminUser, newClient, type TestUser, verifiedUser } from '../test/factories';
import type { ApiClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';
import { fileBytes, setStatus, submitTicket, uploadTunedMultipart } from '../test/ticket-helpers';

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let order: TransactionDto;
let strangerOrder: TransactionDto;
let refunded: TicketDto;
let kept: TicketDto;

interface HistoryAnswer {
  status: number;
  data: CreditHistoryEntryDto[];
  nextCursor: string | null;
}

async function history(client: ApiClient, query = ''): Promise<HistoryAnswer> {
  const res = await client.get<CreditHistoryEntryDto[]>(`/api/payment/credit-history${query}`);
  return { status: res.status, data: res.body.data, nextCursor: res.body.nextCursor ?? null };
}

/** A ticket of `who` with a tuned file, Unlocked and downloaded (charged once). */
async function downloadedTicket(who: TestUser): Promise<TicketDto> {
  const { ticket } = await submitTicket(who.client);
  const up = await uploadTunedMultipart(admin.client, ticket.ticketNumber, {
    bytes: fileBytes(2000),
    name: 't.bin',
  });
  expect(up.status, up.text).toBe(200);
  await setStatus(admin.client, ticket._id, 'Unlocked');
  const res = await who.client.post<{ eligible: boolean; charged: boolean }>(
    '/api/ecuFile/isEligibleToDownload',
    {
      ticketNumber: ticket.ticketNumber,
    },
  );
  expect(res.body.data, res.text).toMatchObject({ eligible: true, charged: true });
  return ticket;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, stranger, admin] = await Promise.all([
    verifiedUser(server),
    verifiedUser(server),
    adminUser(server),
  ]);
  order = await buyCredits(owner.client, '10credits');
  strangerOrder = await buyCredits(stranger.client, '2credits');
  refunded = await downloadedTicket(owner);
  kept = await downloadedTicket(owner);
  // Failed after the charge: the credits come back.
  expect((await setStatus(admin.client, refunded._id, 'Failed')).refunded).toBe(true);
  const adjust = await admin.client.put('/api/admin/updateUserCredits', {
    userId: owner.user._id,
    credits: 1,
    note: 'Internal: goodwill for a slow reply',
  });
  expect(adjust.status, adjust.text).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('GET /api/payment/credit-history', () => {
  it('lists every ledger entry newest first, with its reason, ticket and running balance', async () => {
    const { status, data, nextCursor } = await history(owner.client);
    expect(status).toBe(200);
    expect(nextCursor).toBeNull();
    const cost = refunded.creditsNeed;
    expect(kept.creditsNeed).toBe(cost);
    expect(data.map((e) => [e.kind, e.reason, e.amount, e.balanceAfter, e.ticketNumber])).toEqual([
      ['admin_adjustment', 'Adjusted by support', 1, 11 - cost, null],
      ['refund', `Refund of ticket #${refunded.ticketNumber}`, cost, 10 - cost, refunded.ticketNumber],
      [
        'download_charge',
        `Download of ticket #${kept.ticketNumber}`,
        -cost,
        10 - 2 * cost,
        kept.ticketNumber,
      ],
      [
        'download_charge',
        `Download of ticket #${refunded.ticketNumber}`,
        -cost,
        10 - cost,
        refunded.ticketNumber,
      ],
      ['purchase', `Credits bought (order ${order.serialNo})`, 10, 10, null],
    ]);
    // Each balance is the one before it plus the change, ending at the stored balance.
    for (let i = 0; i < data.length - 1; i += 1) {
      expect(data[i]!.balanceAfter).toBe(data[i + 1]!.balanceAfter + data[i]!.amount);
    }
    expect(data[0]!.balanceAfter).toBe((await storedUser(server.deps.db, owner.user._id)).credits);
    const ids = data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const e of data) expect(new Date(e.at).toISOString()).toBe(e.at);
    // The admin's note is for the team, not the customer.
    expect(JSON.stringify(data)).not.toContain('goodwill');
  });

  it('pages by key: every entry once, in order, and the last page has no nextCursor', async () => {
    const all = (await history(owner.client)).data.map((e) => e.id);
    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page: HistoryAnswer = await history(
        owner.client,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      sizes.push(page.data.length);
      seen.push(...page.data.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(all);
  });

  it('never answers with another user’s entries, whatever the query says', async () => {
    const mine = await history(stranger.client);
    expect(mine.data.map((e) => [e.reason, e.amount, e.balanceAfter])).toEqual([
      [`Credits bought (order ${strangerOrder.serialNo})`, 2, 2],
    ]);
    const ownerIds = (await history(owner.client)).data.map((e) => e.id);
    const topOfOwner = String(Math.max(...ownerIds) + 1);
    for (const query of [
      `?userId=${owner.user._id}`,
      `?user=${owner.user._id}&userId=${owner.user._id}`,
      `?cursor=${topOfOwner}`,
      `?cursor=${topOfOwner}&limit=100`,
    ]) {
      const answer = await history(stranger.client, query);
      expect(answer.status, query).toBe(200);
      expect(
        answer.data.map((e) => e.id).filter((id) => ownerIds.includes(id)),
        query,
      ).toEqual([]);
      expect(
        answer.data.map((e) => e.reason),
        query,
      ).toEqual([`Credits bought (order ${strangerOrder.serialNo})`]);
    }
  });

  it('starts from the top for a cursor it never handed out, and refuses a bad limit', async () => {
    const first = await history(owner.client, '?limit=2');
    for (const cursor of ['abc', '-1', '1.5', `${'9'.repeat(20)}`]) {
      const answer = await history(owner.client, `?limit=2&cursor=${cursor}`);
      expect(answer.status, cursor).toBe(200);
      expect(answer.data, cursor).toEqual(first.data);
    }
    for (const limit of ['0', '101', 'x']) {
      expect((await history(owner.client, `?limit=${limit}`)).status, limit).toBe(400);
    }
  });

  it('is empty for a new customer, 401 when signed out and refused to an admin', async () => {
    const fresh = await verifiedUser(server);
    expect(await history(fresh.client)).toEqual({ status: 200, data: [], nextCursor: null });
    const signedOut = await newClient(server).get('/api/payment/credit-history');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Please sign in to continue');
    expect((await admin.client.get('/api/payment/credit-history')).status).toBe(403);
  });
});
