import type { CreditHistoryEntryDto, TicketDto, UserDto } from '@ecu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyCredits } from '../test/credits-helpers';
import type { ApiClient, ApiResponse } from '../test/http-client';
import { ServerProcess } from '../test/server-process';
import {
  download,
  fileBytes,
  setStatus,
  sha256,
  submitTicket,
  uploadTunedMultipart,
} from '../test/ticket-helpers';

interface Eligibility {
  eligible: boolean;
  url?: string;
  charged?: boolean;
}

const PARALLEL = 20;

/**
 * The first download of an Unlocked ticket charges its credits once (docs/product.md). The
 * process is killed (SIGKILL) while 20 first downloads of one ticket are in flight, restarted,
 * and the client asks again: the ticket is charged at most once before the restart and once in
 * all, and the balance is the sum of the ledger (as the customer's My Transactions shows both).
 */
describe('the server process killed during 20 concurrent first downloads of a ticket', () => {
  let proc: ServerProcess;
  let tuner: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    proc = await ServerProcess.start();
    tuner = await proc.signedUpUser();
    admin = await proc.signedInAdmin();
    await buyCredits(tuner, '48credits');
  }, 120_000);
  afterAll(async () => {
    await proc?.close();
  });

  function isEligible(ticketNumber: number): Promise<ApiResponse<Eligibility>> {
    return tuner.post<Eligibility>('/api/ecuFile/isEligibleToDownload', { ticketNumber });
  }

  /** The caller's whole ledger as My Transactions pages it, and the balance getMe shows. */
  async function ledgerAndBalance() {
    const entries: CreditHistoryEntryDto[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${cursor}` : '';
      const page = await tuner.get<CreditHistoryEntryDto[]>(`/api/payment/credit-history${query}`);
      expect(page.status, page.text).toBe(200);
      entries.push(...page.body.data);
      cursor = (page.body as { nextCursor: string | null }).nextCursor;
    } while (cursor);
    const me = await tuner.get<UserDto>('/api/auth/getMe');
    return { entries, balance: me.body.data.credits };
  }

  /** The ticket's charges as its history shows them to the owner. */
  async function chargesShown(ticketNumber: number): Promise<number> {
    const res = await tuner.get<TicketDto>(`/api/ecuFile/getTicketDetails/${ticketNumber}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data.history?.filter((h) => h.kind === 'charged').length ?? 0;
  }

  // Kill when the 20 are sent, after the first answer, and after half of them answered.
  it.each([0, 1, PARALLEL / 2])(
    'charges at most once when killed after %i answers, and once in all after the retry',
    async (answersBeforeKill) => {
      const server = await proc.running();
      const { ticket } = await submitTicket(tuner);
      const tuned = fileBytes(6000);
      const res = await uploadTunedMultipart(admin, ticket.ticketNumber, {
        bytes: tuned,
        name: 'stage1.bin',
      });
      expect(res.status, res.text).toBe(200);
      await setStatus(admin, ticket._id, 'Unlocked');

      let answered = 0;
      const kill = () => {
        if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      };
      const calls = Array.from({ length: PARALLEL }, () =>
        isEligible(ticket.ticketNumber).then(
          (answer) => {
            answered += 1;
            if (answered === answersBeforeKill) kill();
            return answer;
          },
          () => undefined,
        ),
      );
      if (answersBeforeKill === 0) kill();
      const before = (await Promise.all(calls)).filter((a) => a !== undefined);
      await proc.stop('SIGKILL');
      expect(server.signalCode).toBe('SIGKILL');
      for (const answer of before) expect(answer.status, answer.text).toBe(200);
      expect(before.filter((a) => a.body.data.charged).length).toBeLessThanOrEqual(1);

      await proc.running();
      const chargedBefore = await chargesShown(ticket.ticketNumber);
      expect(chargedBefore).toBeLessThanOrEqual(1);
      console.info(
        `[download kill] after ${answersBeforeKill} answers: ${before.length} of ${PARALLEL} answered, ${chargedBefore} charge stored before the restart`,
      );
      const after = await Promise.all(
        Array.from({ length: PARALLEL }, () => isEligible(ticket.ticketNumber)),
      );
      for (const answer of after) {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.data.eligible).toBe(true);
      }
      const chargedAnswers = [...before, ...after].filter((a) => a.body.data.charged);
      expect(chargedAnswers.length).toBeLessThanOrEqual(1);
      expect(await chargesShown(ticket.ticketNumber)).toBe(1);
      const file = await download(tuner, after[0]!.body.data.url!);
      expect(file.status).toBe(200);
      expect(sha256(file.bytes)).toBe(sha256(tuned));

      const { entries, balance } = await ledgerAndBalance();
      const charges = entries.filter(
        (e) => e.kind === 'download_charge' && e.ticketNumber === ticket.ticketNumber,
      );
      expect(charges.map((c) => c.amount)).toEqual([-ticket.creditsNeed]);
      expect(balance).toBe(entries.reduce((sum, e) => sum + e.amount, 0));
    },
    180_000,
  );
});
