import { type CounterOfferDto, counterOfferSchema, type TicketDto } from '@ecu/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketCounterOffers, tickets } from '../db/schema';
import type { PushMessage } from '../notifications';
import { mailQueue } from '../platform/mail';
import { buyCredits, ledgerOf } from '../test/credits-helpers';
import { adminUser, engineerUser, type TestUser, verifiedUser } from '../test/factories';
import { jobsSettled } from '../test/jobs-settled';
import { decryptPush } from '../test/push-decrypt';
import { type LoopbackPushService, startPushService, subscribeDevice } from '../test/push-helpers';
import { startTestServer, type TestServer } from '../test/test-server';
import { fileBytes, setStatus, submitTicket, uploadTunedMultipart } from '../test/ticket-helpers';
import { proposeCounterOffer } from './counter-offers';

let server: TestServer;
let admin: TestUser;
let engineer: TestUser;
let owner: TestUser;
let stranger: TestUser;
let push: LoopbackPushService;

beforeAll(async () => {
  [server, push] = await Promise.all([startTestServer(), startPushService()]);
  admin = await adminUser(server);
  engineer = await engineerUser(server);
  [owner, stranger] = await Promise.all([verifiedUser(server), verifiedUser(server)]);
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

/** The counter-offer pushes a device got about ticket n, decrypted. */
function offerPushes(device: Awaited<ReturnType<typeof subscribeDevice>>, n: number): PushMessage[] {
  return push
    .to(device.path)
    .map((d) => JSON.parse(decryptPush(device.receiver, d.body)) as PushMessage)
    .filter((m) => m.tag === `ticket-${n}-offer`);
}

// The submitted plan: BMW (base 2), Stage 1, EGR OFF (free with Stage 1), IMMO OFF (2): 4 credits.
// The offer adds DTC OFF (1) on Stage 2: 5 credits, a difference of +1.
const OFFER = {
  stage: 'Stage 2',
  options: ['EGR OFF', 'IMMO OFF', 'DTC OFF'],
  message: 'Stage 2 suits this ECU better',
};

function propose(who: TestUser, body: Record<string, unknown>) {
  return who.client.post<CounterOfferDto>('/api/admin/tickets/counter-offer', body);
}

function answer(who: TestUser, which: 'accept' | 'decline', ticketNumber: number) {
  return who.client.post(`/api/ecuFile/counter-offer/${which}`, { ticketNumber });
}

async function details(who: TestUser, ticketNumber: number, desk = false) {
  const path = desk ? '/api/admin/getTicketDetails' : '/api/ecuFile/getTicketDetails';
  const res = await who.client.get<TicketDto>(`${path}/${ticketNumber}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function deskRow(ticketNumber: number) {
  const res = await admin.client.get<TicketDto[]>(`/api/admin/getAllEcuFiles?q=${ticketNumber}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.find((t) => t.ticketNumber === ticketNumber)!;
}

async function myRow(who: TestUser, ticketNumber: number) {
  const res = await who.client.get<TicketDto[]>('/api/ecuFile/my-files');
  expect(res.status, res.text).toBe(200);
  return res.body.data.find((t) => t.ticketNumber === ticketNumber)!;
}

async function offerRows(ticketId: string) {
  return server.deps.db.select().from(ticketCounterOffers).where(eq(ticketCounterOffers.ticketId, ticketId));
}

describe('proposing a different plan', () => {
  it('an engineer proposes; owner and desk see it, the lists say Awaiting customer, the owner is mailed', async () => {
    const { ticket } = await submitTicket(owner.client);
    expect(ticket.creditsNeed).toBe(4);
    const res = await propose(engineer, { ticketNumber: ticket.ticketNumber, ...OFFER });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ ...OFFER, priceDifference: 1 });

    const expected = { ...OFFER, priceDifference: 1, createdAt: res.body.data.createdAt };
    expect((await details(owner, ticket.ticketNumber)).counterOffer).toEqual(expected);
    const desk = await details(engineer, ticket.ticketNumber, true);
    expect(desk.counterOffer).toEqual(expected);
    expect(desk.history?.at(-1)).toMatchObject({
      kind: 'counter_offer_proposed',
      detail: { stage: 'Stage 2', priceDifference: 1 },
    });
    expect((await deskRow(ticket.ticketNumber)).awaitingCustomer).toBe(true);
    expect((await myRow(owner, ticket.ticketNumber)).awaitingCustomer).toBe(true);

    const mail = await server.smtp.nextMailAbout(owner.email, 'a different plan');
    const n = ticket.ticketNumber;
    // English, word for word as it always was.
    expect(mail.subject).toBe(`ECU Portal: ticket ${n}: a different plan is proposed`);
    expect(mail.text).toBe(
      `Our engineer proposes a different plan for ticket ${n}: Stage 2: EGR OFF, IMMO OFF, DTC OFF (+1 credit).\n\n` +
        'Their message: Stage 2 suits this ECU better\n\n' +
        'Open the ticket to accept or decline it. The ticket waits for your answer.\n\n' +
        `${server.deps.config.appUrl}/ticket-details/${n}\n\nECU Portal - World Leading File Portal\n`,
    );
    expect(mail.html).toContain('<!doctype html><html><body style=');
    expect(mail.html).toContain(`<h2 style="color:#0b1220">Ticket ${n}: a different plan</h2>`);
    expect(mail.html).toContain('">Open the ticket</a></p>');
  });

  it('is refused to customers, with a bad payload, for the same plan, twice, and on a closed ticket', async () => {
    const { ticket } = await submitTicket(owner.client);
    const n = ticket.ticketNumber;
    expect((await propose(owner, { ticketNumber: n, ...OFFER })).status).toBe(403);
    expect((await propose(engineer, { ticketNumber: n, ...OFFER, message: '  ' })).status).toBe(400);
    expect((await propose(engineer, { ticketNumber: n, ...OFFER, stage: 'Stage 9' })).status).toBe(400);
    expect((await propose(engineer, { ticketNumber: n, ...OFFER, options: ['WARP DRIVE'] })).status).toBe(
      400,
    );
    expect((await propose(engineer, { ticketNumber: 999_999, ...OFFER })).status).toBe(404);
    const same = await propose(engineer, {
      ticketNumber: n,
      stage: 'Stage 1',
      options: ['IMMO OFF', 'EGR OFF'],
      message: 'x',
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('The proposed plan is the same as the current one');

    expect((await propose(admin, { ticketNumber: n, ...OFFER })).status).toBe(201);
    const twice = await propose(engineer, { ticketNumber: n, ...OFFER, stage: 'Eco' });
    expect(twice.status).toBe(409);
    expect(await offerRows(ticket._id)).toHaveLength(1);

    const { ticket: done } = await submitTicket(owner.client);
    await setStatus(admin.client, done._id, 'Completed');
    expect((await propose(engineer, { ticketNumber: done.ticketNumber, ...OFFER })).status).toBe(409);
  });

  it('queues its mail in the transaction of the offer: a rolled-back offer queues nothing', async () => {
    const { ticket } = await submitTicket(owner.client);
    const failing = {
      ...server.deps,
      notifications: {
        ...server.deps.notifications,
        queue: async () => {
          throw new Error('rolled back');
        },
      },
    };
    const values = counterOfferSchema.parse({ ticketNumber: ticket.ticketNumber, ...OFFER });
    await expect(proposeCounterOffer(failing, engineer.user as never, values)).rejects.toThrow('rolled back');
    expect(await offerRows(ticket._id)).toEqual([]);
    const queued = await server.deps.jobs.boss.findJobs(mailQueue.name, {
      data: {
        to: owner.email,
        subject: `ECU Portal: ticket ${ticket.ticketNumber}: a different plan is proposed`,
      },
    });
    expect(queued).toEqual([]);

    const res = await propose(engineer, values);
    expect(res.status, res.text).toBe(201);
    const [row] = await offerRows(ticket._id);
    expect(
      await server.deps.jobs.boss.findJobs(mailQueue.name, { key: `mail:counter-offer:${row!.id}` }),
    ).toHaveLength(1);
  });
});

describe('answering an offer', () => {
  it('only the owner answers: another customer, an engineer and an admin get 404', async () => {
    const { ticket } = await submitTicket(owner.client);
    expect((await propose(engineer, { ticketNumber: ticket.ticketNumber, ...OFFER })).status).toBe(201);
    for (const who of [stranger, engineer, admin]) {
      expect((await answer(who, 'accept', ticket.ticketNumber)).status).toBe(404);
      expect((await answer(who, 'decline', ticket.ticketNumber)).status).toBe(404);
    }
    expect((await details(owner, ticket.ticketNumber)).counterOffer).not.toBeNull();
    expect((await answer(owner, 'decline', 'abc' as never)).status).toBe(400);
  });

  it('accepting changes the plan and the price, which the download charges; the engineer is mailed', async () => {
    const { ticket } = await submitTicket(owner.client);
    const n = ticket.ticketNumber;
    expect((await propose(engineer, { ticketNumber: n, ...OFFER })).status).toBe(201);
    const res = await answer(owner, 'accept', n);
    expect(res.status, res.text).toBe(200);
    expect((await answer(owner, 'accept', n)).status).toBe(409);

    const after = await details(owner, n);
    expect(after).toMatchObject({
      stage: 'Stage 2',
      options: OFFER.options,
      creditsNeed: 5,
      counterOffer: null,
    });
    expect(after.history?.at(-1)).toMatchObject({
      kind: 'counter_offer_accepted',
      detail: { to: { stage: 'Stage 2', creditsNeed: 5 }, from: { stage: 'Stage 1', creditsNeed: 4 } },
    });
    expect((await deskRow(n)).awaitingCustomer).toBeUndefined();
    expect((await server.smtp.nextMailAbout(engineer.email, 'your offer was accepted')).text).toContain(
      `ticket ${n}`,
    );

    // Delivered and downloaded: the ledger takes the new price, once.
    // 4 + 2 credits: more than the new price, so the charge shows what was taken.
    await buyCredits(owner.client, '4credits');
    await buyCredits(owner.client, '2credits');
    const tuned = await uploadTunedMultipart(engineer.client, n, { bytes: fileBytes(2048), name: 't.bin' });
    expect(tuned.status, tuned.text).toBe(200);
    await setStatus(admin.client, ticket._id, 'Unlocked');
    const dl = await owner.client.post<{ eligible: boolean; charged: boolean }>(
      '/api/ecuFile/isEligibleToDownload',
      {
        ticketNumber: n,
      },
    );
    expect(dl.body.data).toMatchObject({ eligible: true, charged: true });
    const charges = (await ledgerOf(server.deps.db, owner.user._id)).filter(
      (e) => e.kind === 'download_charge' && e.reference === `ticket:${n}`,
    );
    expect(charges.map((e) => e.delta)).toEqual([-5]);
  });

  it('declining keeps the plan and price and returns the ticket to the desk; a new offer may follow', async () => {
    const { ticket } = await submitTicket(owner.client);
    const n = ticket.ticketNumber;
    expect((await propose(engineer, { ticketNumber: n, ...OFFER })).status).toBe(201);
    expect((await answer(owner, 'decline', n)).status).toBe(200);
    expect((await answer(owner, 'decline', n)).status).toBe(409);
    const after = await details(owner, n);
    expect(after).toMatchObject({
      stage: 'Stage 1',
      options: ['EGR OFF', 'IMMO OFF'],
      creditsNeed: 4,
      counterOffer: null,
    });
    expect(after.history?.at(-1)).toMatchObject({ kind: 'counter_offer_declined' });
    expect((await deskRow(n)).awaitingCustomer).toBeUndefined();
    expect((await server.smtp.nextMailAbout(engineer.email, 'your offer was declined')).text).toContain(
      'back with the desk',
    );
    const rows = await offerRows(ticket._id);
    expect(rows.map((r) => r.answer)).toEqual(['declined']);
    expect((await propose(engineer, { ticketNumber: n, ...OFFER, stage: 'Eco' })).status).toBe(201);
  });

  it("accepting a plan without DTC OFF clears the ticket's fault codes", async () => {
    const { ticket } = await submitTicket(owner.client, {
      fields: { options: ['EGR OFF', 'DTC OFF'], dtcCodes: ['P0420'] },
    });
    expect(ticket.dtcCodes).toHaveLength(1);
    const n = ticket.ticketNumber;
    const plan = { stage: 'Stage 1', options: ['EGR OFF'], message: 'No DTC work needed' };
    expect((await propose(engineer, { ticketNumber: n, ...plan })).status).toBe(201);
    expect((await answer(owner, 'accept', n)).status).toBe(200);
    expect(await details(owner, n)).toMatchObject({ options: ['EGR OFF'], dtcCodes: [] });
  });

  it('once the desk closed the ticket the offer can be declined but no longer accepted', async () => {
    const { ticket } = await submitTicket(owner.client);
    const n = ticket.ticketNumber;
    expect((await propose(engineer, { ticketNumber: n, ...OFFER })).status).toBe(201);
    await setStatus(admin.client, ticket._id, 'Completed');
    const refused = await answer(owner, 'accept', n);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This ticket is no longer open, so the plan can no longer change');
    expect((await details(owner, n)).stage).toBe('Stage 1');
    expect((await answer(owner, 'decline', n)).status).toBe(200);
    expect((await details(owner, n)).counterOffer).toBeNull();
  });
});

describe('pushes', () => {
  it("tell the owner's device of the offer, and the proposing engineer's of the answer", async () => {
    const tuner = await verifiedUser(server);
    const phone = await subscribeDevice(tuner.client, push, '/push/offer-owner');
    const desk = await subscribeDevice(engineer.client, push, '/push/offer-engineer');
    const { ticket } = await submitTicket(tuner.client);
    const n = ticket.ticketNumber;
    expect((await propose(engineer, { ticketNumber: n, ...OFFER })).status).toBe(201);
    await jobsSettled(server.deps.jobs);
    expect(offerPushes(phone, n)).toEqual([
      {
        title: `Ticket ${n}: a different plan is proposed`,
        body: '+1 credit. Open the ticket to accept or decline it.',
        url: `/ticket-details/${n}`,
        tag: `ticket-${n}-offer`,
      },
    ]);
    expect((await answer(tuner, 'decline', n)).status).toBe(200);
    await jobsSettled(server.deps.jobs);
    expect(offerPushes(desk, n).map((m) => [m.title, m.url])).toEqual([
      [`Ticket ${n}: the customer declined your offer`, `/ticket/${n}`],
    ]);
  });
});

describe("in the recipient's language (docs/decisions/093-languages.md)", () => {
  it('a German customer gets the offer in German, by mail and push; the engineer the answer in theirs', async () => {
    const tuner = await verifiedUser(server);
    expect((await tuner.client.put('/api/auth/locale', { locale: 'de' })).status).toBe(200);
    const phone = await subscribeDevice(tuner.client, push, '/push/offer-owner-de');
    const { ticket } = await submitTicket(tuner.client);
    const n = ticket.ticketNumber;
    expect((await propose(engineer, { ticketNumber: n, ...OFFER })).status).toBe(201);

    const mail = await server.smtp.nextMailAbout(tuner.email, 'ein anderer Plan wird vorgeschlagen');
    expect(mail.subject).toBe(`ECU Portal: Ticket ${n}: ein anderer Plan wird vorgeschlagen`);
    expect(mail.text).toContain(
      `Unser Techniker schlägt für Ticket ${n} einen anderen Plan vor: Stage 2: EGR OFF, IMMO OFF, DTC OFF (+1 Credit).`,
    );
    expect(mail.text).toContain('Seine Nachricht: Stage 2 suits this ECU better');
    expect(mail.text).toContain('Das Ticket wartet auf Ihre Antwort.');
    expect(mail.text).toContain('ECU Portal - Das weltweit führende Dateiportal');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.html).toContain('>Ticket öffnen</a>');
    expect(mail.text).not.toContain('different plan');

    await jobsSettled(server.deps.jobs);
    expect(offerPushes(phone, n).map((m) => [m.title, m.body])).toEqual([
      [
        `Ticket ${n}: ein anderer Plan wird vorgeschlagen`,
        '+1 Credit. Öffnen Sie das Ticket, um ihn anzunehmen oder abzulehnen.',
      ],
    ]);

    // The engineer reads English (their account's language): the answer's mail stays as it was.
    expect((await answer(tuner, 'decline', n)).status).toBe(200);
    const answered = await server.smtp.nextMailAbout(engineer.email, `ticket ${n}: your offer was declined`);
    expect(answered.text).toBe(
      `The customer declined the plan you proposed for ticket ${n}; the ticket keeps its plan and is back with the desk.\n\n` +
        `${server.deps.config.appUrl}/ticket/${n}\n\nECU Portal - World Leading File Portal\n`,
    );
  });
});

describe('the escalation clock', () => {
  it('does not count the time a ticket awaits its customer', async () => {
    const open = {
      timeZone: 'UTC',
      week: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
      holidays: [],
    };
    const saved = await admin.client.put('/api/admin/settings', {
      hours: open,
      escalation: { pendingMinutes: 30, inProgressMinutes: 0, unansweredMinutes: 0 },
    });
    expect(saved.status, saved.text).toBe(200);
    const { ticket } = await submitTicket(owner.client);
    await server.deps.db
      .update(tickets)
      .set({ createdAt: sql`now() - interval '90 minutes'` })
      .where(eq(tickets.id, ticket._id));
    expect((await deskRow(ticket.ticketNumber)).overdue).toBe(60);

    expect((await propose(engineer, { ticketNumber: ticket.ticketNumber, ...OFFER })).status).toBe(201);
    // The offer has been open for the last 50 minutes: 40 waited, 10 over.
    await server.deps.db
      .update(ticketCounterOffers)
      .set({ createdAt: sql`now() - interval '50 minutes'` })
      .where(eq(ticketCounterOffers.ticketId, ticket._id));
    expect((await deskRow(ticket.ticketNumber)).overdue).toBe(10);
  });
});
