import {
  COUNTRY_CODES,
  CREDIT_PACKAGES,
  DEFAULT_PER_CREDIT_PRICE_PENCE,
  ECU_NAMES,
  formatSerialNo,
  MASTER_SLAVE,
  quotePackage,
  quoteTicket,
  READ_TOOLS,
  READ_TYPES,
  SOLUTION_OPTIONS,
  STAGES_WITHOUT_OPTIONS,
  type Stage,
  TRANSMISSIONS,
} from '@ecu/shared';
import { asciiSlug, FREE_MAIL_DOMAINS, REGIONS, type Region, STAFF_DOMAIN } from './demo-people';
import { DEMO_MAKES, demoRegistration } from './demo-vehicles';
import { createRandom, type Random, weightedSampler } from './seeded-random';

/**
 * The demo business in memory, before it is written: users, their tickets with a history,
 * card payments and a credit ledger whose running balance adds up. Pure (no database), so
 * the same seed always builds the same data; times are in epoch milliseconds, relative to
 * `now`, spread over the last two years with more activity lately.
 */
export interface DemoScale {
  users: number;
  tickets: number;
  payments: number;
  seed: number;
}

export interface DemoUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  city: string;
  postalCode: string;
  address: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  disabled: boolean;
  perCreditPricePence: number;
  credits: number;
  totalMoneySpentPence: number;
  totalFilesSubmitted: number;
  createdAt: number;
  updatedAt: number;
}

export interface DemoTicket {
  ticketNumber: number;
  owner: number;
  make: string;
  model: string;
  year: string;
  registration: string;
  ecuId: string | null;
  transmission: string;
  readTool: string;
  readType: string;
  masterSlave: string;
  stage: string;
  options: string[];
  notes: string | null;
  creditsNeed: number;
  status: 'Pending' | 'In Progress' | 'Completed' | 'Failed' | 'Unlocked';
  createdAt: number;
  updatedAt: number;
  chargedAt: number | null;
}

export interface DemoTicketEvent {
  ticketNumber: number;
  kind: 'created' | 'status_changed' | 'charged';
  actor: number;
  detail: Record<string, unknown>;
  at: number;
}

export interface DemoPayment {
  serialNo: number;
  owner: number;
  packageId: string;
  credits: number;
  subtotalPence: number;
  vatPence: number;
  amountPence: number;
  status: 'Pending' | 'Completed' | 'Failed';
  failureMessage: string | null;
  providerPaymentId: string | null;
  createdAt: number;
  completedAt: number | null;
}

export interface DemoLedgerEntry {
  id: number;
  owner: number;
  actor: number | null;
  kind: 'purchase' | 'download_charge' | 'admin_adjustment';
  delta: number;
  balanceAfter: number;
  /** A purchase's payment (its reference is `payment:<payment id>`, known once written). */
  paymentSerial: number | null;
  reference: string | null;
  note: string | null;
  at: number;
}

export interface DemoDataset {
  users: DemoUser[];
  tickets: DemoTicket[];
  events: DemoTicketEvent[];
  payments: DemoPayment[];
  ledger: DemoLedgerEntry[];
  /** Indexes into `users` of the demo admins. */
  admins: number[];
}

export interface DemoNumbering {
  /** The first ticket number, payment serial and ledger id to use (the database's next ones). */
  firstTicketNumber: number;
  firstPaymentSerial: number;
  firstLedgerId: number;
  /** Ids and e-mails already in the database: the demo never reuses one. */
  takenIds?: ReadonlySet<string>;
  takenEmails?: ReadonlySet<string>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const DEMO_SPAN_MS = 730 * DAY;

const STAGE_WEIGHTS: readonly (readonly [Stage, number])[] = [
  ['Stage 1', 46],
  ['Stage 2', 19],
  ['Eco', 8],
  ['No Engine Mud', 4],
  ['Gear Box', 8],
  ['Original File (Back To Stock)', 8],
  ['ECU Cloning', 7],
];

/** How often tuners ask for each solution: the usual suspects first, every option sometimes. */
const POPULAR_OPTIONS: Readonly<Record<string, number>> = {
  'DPF-FAP OFF': 30,
  'EGR OFF': 28,
  'ADBLUE-SCR OFF': 14,
  'DTC OFF': 16,
  'POP & BANG (PETROL ONLY)': 9,
  'SPEED LIMIT OFF': 8,
  'START STOP DISABLE': 8,
  'SWIRL FLAPS OFF': 7,
  'IMMO OFF': 6,
  'LAUNCH CONTROL': 5,
  'HARDCUT POP&BANG LIMITER (DIESEL ONLY)': 5,
  'EXHAUST FLAP REMOVAL': 4,
  'O2-LAMBDA OFF': 4,
  NOx: 4,
  'GPF-OPF OFF': 4,
};
const OPTION_WEIGHTS = SOLUTION_OPTIONS.map((o) => [o.name, POPULAR_OPTIONS[o.name] ?? 1] as const);

const MAKE_WEIGHTS = DEMO_MAKES.map((m) => [m, m[1]] as const);
const READ_TOOL_WEIGHTS = byRank(READ_TOOLS, 1);
const READ_TYPE_WEIGHTS = byRank(READ_TYPES, 1);

const COMMON_ECUS = ECU_NAMES.filter((n) => /EDC17|MED17|MG1|MD1|EDC16|SID|PCR|DCM|SIMOS/.test(n));

const NOTES = [
  'Customer wants a smooth map, no smoke please.',
  'Car has a hybrid turbo and a 3" downpipe.',
  'Please keep the original speed limiter.',
  'Second read attached in case the first one is corrupt.',
  'Van is used for towing, please keep EGTs safe.',
  'DPF already removed physically.',
  'Stage 1 with a slightly softer torque ramp please.',
  'Urgent: customer is waiting in the workshop.',
  'Read via bench, checksum corrected by the tool.',
  'Same car as last week, new gearbox fitted.',
];

const ADJUSTMENT_NOTES = [
  'Goodwill: file delivered late',
  'Bank transfer received',
  'Compensation for a faulty file',
  'Trade show offer',
  'Credits moved from a duplicate account',
];
const CORRECTION_NOTES = ['Correction: credits added twice', 'Chargeback on a card payment'];
const CARD_FAILURES = [
  'Your card was declined.',
  'Your card has insufficient funds.',
  'Your card has expired.',
  'Your card was declined.',
];

const PACKAGE_WEIGHTS: Readonly<Record<string, number>> = {
  '1credit': 22,
  '2credits': 22,
  '3credits': 16,
  '4credits': 16,
  '10credits': 18,
  '25credits': 5,
  '48credits': 1,
};

function exponential(random: Random, mean: number): number {
  return -Math.log(1 - random.next()) * mean;
}

/** A falling weight by rank: the first names of a list are common, the last ones rare. */
function byRank<T>(items: readonly T[], offset: number): (readonly [T, number])[] {
  return items.map((item, i) => [item, 1 / (i + offset)] as const);
}

function postalCode(random: Random, country: string): string {
  const L = 'ABCDEFGHJKLMNPRSTUWXYZ';
  const letter = () => L[random.int(0, L.length - 1)]!;
  switch (country) {
    case 'GB':
      return `${letter()}${letter()}${random.int(1, 29)} ${random.int(1, 9)}${letter()}${letter()}`;
    case 'IE':
      return `D${String(random.int(1, 24)).padStart(2, '0')} ${letter()}${random.int(100, 999)}`;
    case 'NL':
      return `${random.int(1000, 9999)} ${letter()}${letter()}`;
    case 'PL':
      return `${random.int(10, 99)}-${random.int(100, 999)}`;
    case 'AT':
    case 'CH':
    case 'BE':
    case 'DK':
    case 'NO':
    case 'LU':
    case 'HU':
    case 'AU':
    case 'ZA':
      return String(random.int(1000, 9999));
    default:
      return String(random.int(10000, 99999));
  }
}

interface Person {
  region: Region;
  country: string;
  firstName: string;
  lastName: string;
  city: string;
}

function drawPerson(random: Random, regions: readonly (readonly [Region, number])[]): Person {
  const region = random.weighted(regions);
  const country = random.weighted(region.countries);
  const cities = region.cities[country] ?? Object.values(region.cities)[0]!;
  return {
    region,
    country,
    firstName: random.weighted(byRank(region.firstNames, 8)),
    lastName: random.weighted(byRank(region.lastNames, 4)),
    city: random.weighted(byRank(cities, 3)),
  };
}

function drawEmail(random: Random, person: Person): string {
  const first = asciiSlug(person.firstName);
  const last = asciiSlug(person.lastName);
  if (random.chance(0.27)) {
    const local = random.weighted([
      [`${first}.${last}`, 5],
      [`${first}${last}`, 2],
      [`${first[0]}${last}`, 2],
      [`${first}.${last}${random.int(1, 99)}`, 3],
      [`${last}${first[0]}${random.int(70, 99)}`, 1],
    ] as const);
    return `${local}@${random.pick(FREE_MAIL_DOMAINS)}`;
  }
  const business = asciiSlug(random.pick(person.region.businessWords));
  const name = random.weighted([
    [last, 5],
    [asciiSlug(person.city), 3],
    [`${first}${last}`, 1],
    [random.pick(['pro', 'elite', 'apex', 'torque', 'boost', 'turbo', 'precision', 'redline']), 2],
  ] as const);
  const domain = `${name}${random.chance(0.5) ? '-' : ''}${business}.example`;
  const local = random.weighted([
    ['info', 4],
    [first, 4],
    [`${first}.${last}`, 3],
    ['workshop', 1],
    ['files', 1],
    ['office', 1],
  ] as const);
  return `${local}@${domain}`;
}

/** More recent = more: half uniform over the span, half with a density growing towards now. */
function ageFraction(random: Random): number {
  return random.chance(0.5) ? random.next() : 1 - Math.sqrt(random.next());
}

export function buildDemoDataset(scale: DemoScale, numbering: DemoNumbering, now: number): DemoDataset {
  const random = createRandom(scale.seed);
  const takenIds = new Set(numbering.takenIds ?? []);
  const takenEmails = new Set(numbering.takenEmails ?? []);
  const regions = REGIONS.map((r) => [r, r.weight] as const);
  const countries = new Set(COUNTRY_CODES);
  for (const region of REGIONS) {
    for (const [code] of region.countries) {
      if (!countries.has(code)) throw new Error(`Demo region country ${code} is not in the country list`);
    }
  }
  const start = now - DEMO_SPAN_MS;

  // --- Users: a few admins (the support staff, here from the start), then the tuners.
  const adminCount = Math.min(8, Math.max(1, Math.round(scale.users / 2000)));
  const users: DemoUser[] = [];
  const activity: number[] = [];
  const admins: number[] = [];
  const uniqueId = () => {
    let id = random.alphanumeric(32);
    while (takenIds.has(id)) id = random.alphanumeric(32);
    takenIds.add(id);
    return id;
  };
  const uniqueEmail = (email: string) => {
    let candidate = email;
    const [local, domain] = email.split('@') as [string, string];
    for (let n = 2; takenEmails.has(candidate); n++) candidate = `${local}${n}@${domain}`;
    takenEmails.add(candidate);
    return candidate;
  };
  for (let i = 0; i < scale.users; i++) {
    const isAdmin = i < adminCount;
    const person = isAdmin
      ? { ...drawPerson(random, [[REGIONS[0]!, 1]]), country: 'GB', city: 'Birmingham' }
      : drawPerson(random, regions);
    let createdAt = isAdmin
      ? start + random.int(0, 30) * DAY + random.int(8, 17) * HOUR + random.int(0, HOUR - 1)
      : Math.floor(now - DEMO_SPAN_MS * ageFraction(random));
    // A few sign-ups share their millisecond with the one before (an import, a busy minute):
    // the admin lists must page through such ties without losing a row.
    const previous = users.at(-1);
    if (!isAdmin && previous?.role === 'user' && random.chance(0.005)) createdAt = previous.createdAt;
    createdAt = Math.min(createdAt, now - MINUTE);
    const email = isAdmin
      ? `${asciiSlug(person.firstName)}.${asciiSlug(person.lastName)}@${STAFF_DOMAIN}`
      : drawEmail(random, person);
    const emailVerified = isAdmin || random.chance(0.95);
    const disabled = !isAdmin && random.chance(0.02);
    users.push({
      id: uniqueId(),
      email: uniqueEmail(email),
      firstName: person.firstName,
      lastName: person.lastName,
      country: person.country,
      city: person.city,
      postalCode: postalCode(random, person.country),
      address: `${random.int(1, 240)} ${random.pick(person.region.streets)}`,
      role: isAdmin ? 'admin' : 'user',
      emailVerified,
      disabled,
      perCreditPricePence: random.chance(0.88)
        ? DEFAULT_PER_CREDIT_PRICE_PENCE
        : random.pick([4500, 5000, 5500, 6500]),
      credits: 0,
      totalMoneySpentPence: 0,
      totalFilesSubmitted: 0,
      createdAt,
      updatedAt: createdAt,
    });
    // Who sends files: not staff, not the unverified, not the one in five who never did; the
    // rest by a long-tailed appetite times how long they have been customers.
    const dormant = isAdmin || !emailVerified || now - createdAt < HOUR || random.chance(0.18);
    activity.push(dormant ? 0 : Math.exp(1.1 * random.normal()) * ((now - createdAt) / DEMO_SPAN_MS + 0.02));
    if (isAdmin) admins.push(i);
  }
  if (admins.length === 0) throw new Error('The demo needs at least one user (the admin)');
  if (!activity.some((a) => a > 0)) activity[activity.length - 1] = 1;

  // --- Tickets, each with the life it has had so far.
  interface Draft extends Omit<DemoTicket, 'ticketNumber'> {
    life: { status: DemoTicket['status']; at: number; by: number }[];
    downloadAt: number | null;
  }
  const drafts: Draft[] = [];
  const drawOwner = weightedSampler(activity);
  const registrationsOf = new Map<number, string[]>();
  for (let i = 0; i < scale.tickets; i++) {
    const owner = drawOwner(random);
    const user = users[owner]!;
    const from = user.createdAt + 10 * MINUTE;
    const createdAt = Math.floor(Math.min(now - MINUTE, from + (now - from) * random.next() ** 0.8));
    const [make, , models] = random.weighted(MAKE_WEIGHTS);
    const year = random.int(2008, new Date(createdAt).getUTCFullYear());
    const earlier = registrationsOf.get(owner) ?? [];
    const slave = earlier.length > 0 && random.chance(0.1);
    const registration = slave ? random.pick(earlier) : demoRegistration(random, user.country, year);
    if (!slave) registrationsOf.set(owner, [...earlier.slice(-4), registration]);
    const stage = random.weighted(STAGE_WEIGHTS);
    const options: string[] = [];
    if (!STAGES_WITHOUT_OPTIONS.includes(stage)) {
      const count = random.weighted([
        [1, 45],
        [2, 30],
        [3, 15],
        [4, 10],
      ] as const);
      while (options.length < count) {
        const option = random.weighted(OPTION_WEIGHTS);
        if (!options.includes(option)) options.push(option);
      }
    }
    const masterSlave = slave ? MASTER_SLAVE[1] : MASTER_SLAVE[0];
    const quote = quoteTicket({ make, stage, options, masterSlave });

    // Pending -> In Progress -> Completed -> Unlocked (or Failed); only what has happened by now.
    const admin = () => random.pick(admins);
    const life: Draft['life'] = [];
    const stuck = random.chance(0.004);
    const startedAt = createdAt + exponential(random, stuck ? 2 * DAY : 45 * MINUTE) + MINUTE;
    let downloadAt: number | null = null;
    if (startedAt <= now) {
      life.push({ status: 'In Progress', at: startedAt, by: admin() });
      const outcome = random.weighted([
        ['Unlocked', 72],
        ['Completed', 25],
        ['Failed', 3],
      ] as const);
      const doneAt = startedAt + exponential(random, 3 * HOUR) + 10 * MINUTE;
      if (doneAt <= now && outcome === 'Failed') life.push({ status: 'Failed', at: doneAt, by: admin() });
      if (doneAt <= now && outcome !== 'Failed') {
        life.push({ status: 'Completed', at: doneAt, by: admin() });
        const unlockedAt = doneAt + exponential(random, 20 * MINUTE) + MINUTE;
        if (outcome === 'Unlocked' && unlockedAt <= now) {
          life.push({ status: 'Unlocked', at: unlockedAt, by: admin() });
          const fetchedAt = unlockedAt + exponential(random, 6 * HOUR) + MINUTE;
          if (fetchedAt <= now && random.chance(0.94)) downloadAt = Math.floor(fetchedAt);
        }
      }
    }
    for (const step of life) step.at = Math.floor(step.at);
    drafts.push({
      owner,
      make,
      model: random.pick(models),
      year: String(year),
      registration,
      ecuId: random.chance(0.85) ? random.pick(random.chance(0.75) ? COMMON_ECUS : ECU_NAMES) : null,
      transmission: random.weighted([
        [TRANSMISSIONS[0], 45],
        [TRANSMISSIONS[1], 45],
        [TRANSMISSIONS[2], 10],
      ] as const),
      readTool: random.weighted(READ_TOOL_WEIGHTS),
      readType: random.weighted(READ_TYPE_WEIGHTS),
      masterSlave,
      stage,
      options,
      notes: random.chance(0.15) ? random.pick(NOTES) : null,
      creditsNeed: quote.total,
      status: life.at(-1)?.status ?? 'Pending',
      createdAt,
      updatedAt: life.at(-1)?.at ?? createdAt,
      chargedAt: null,
      life,
      downloadAt,
    });
  }
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const tickets: (DemoTicket & { downloadAt: number | null })[] = [];
  const events: DemoTicketEvent[] = [];
  for (const [i, d] of drafts.entries()) {
    const { life, ...ticket } = d;
    const ticketNumber = numbering.firstTicketNumber + i;
    tickets.push({ ...ticket, ticketNumber });
    const quote = quoteTicket({
      make: d.make,
      stage: d.stage,
      options: d.options,
      masterSlave: d.masterSlave,
    });
    events.push({
      ticketNumber,
      kind: 'created',
      actor: d.owner,
      detail: { creditsNeed: d.creditsNeed, quote: quote.lines, files: 0 },
      at: d.createdAt,
    });
    let from: DemoTicket['status'] = 'Pending';
    for (const step of life) {
      events.push({
        ticketNumber,
        kind: 'status_changed',
        actor: step.by,
        detail: { from, to: step.status },
        at: step.at,
      });
      from = step.status;
    }
    const owner = users[d.owner]!;
    owner.totalFilesSubmitted += 1;
    owner.updatedAt = Math.max(owner.updatedAt, d.createdAt);
  }

  // --- Payments: bought by those who send files, in proportion to what their files cost,
  // mostly a little before one of their tickets.
  const ticketsOf = new Map<number, (typeof tickets)[number][]>();
  for (const t of tickets) {
    const own = ticketsOf.get(t.owner);
    if (own) own.push(t);
    else ticketsOf.set(t.owner, [t]);
  }
  const demand = users.map((u, i) =>
    u.role === 'admin' || !u.emailVerified
      ? 0
      : (ticketsOf.get(i) ?? []).reduce((sum, t) => sum + t.creditsNeed, 0) + (activity[i]! > 0 ? 0.5 : 0.05),
  );
  if (!demand.some((d) => d > 0)) demand[demand.length - 1] = 1;
  const drawPayer = weightedSampler(demand);
  const packages = CREDIT_PACKAGES.map((p) => [p, PACKAGE_WEIGHTS[p.id] ?? 1] as const);
  const paymentDrafts: Omit<DemoPayment, 'serialNo'>[] = [];
  for (let i = 0; i < scale.payments; i++) {
    const owner = drawPayer(random);
    const user = users[owner]!;
    const own = ticketsOf.get(owner);
    const anchor = own ? random.pick(own).createdAt - exponential(random, DAY) : undefined;
    const createdAt = Math.floor(
      Math.min(
        now - MINUTE,
        Math.max(
          user.createdAt + MINUTE,
          anchor ?? user.createdAt + (now - user.createdAt) * Math.sqrt(random.next()),
        ),
      ),
    );
    const pkg = random.weighted(packages);
    const quote = quotePackage(pkg, user.perCreditPricePence);
    let status = random.weighted([
      ['Completed', 92],
      ['Failed', 7],
      ['Pending', 1],
    ] as const);
    // An unfinished payment older than a day was abandoned (3-D Secure never completed).
    if (status === 'Pending' && now - createdAt > DAY) status = 'Failed';
    const failureMessage =
      status === 'Failed'
        ? random.chance(0.85)
          ? random.pick(CARD_FAILURES)
          : 'The payment was not authenticated.'
        : null;
    paymentDrafts.push({
      owner,
      packageId: pkg.id,
      credits: pkg.credits,
      subtotalPence: quote.subtotalPence,
      vatPence: quote.vatPence,
      amountPence: quote.totalPence,
      status,
      failureMessage,
      providerPaymentId: status === 'Pending' ? null : `pi_demo_${random.alphanumeric(24)}`,
      createdAt,
      completedAt: status === 'Completed' ? createdAt + random.int(2_000, 20_000) : null,
    });
  }
  paymentDrafts.sort((a, b) => a.createdAt - b.createdAt);
  const payments: DemoPayment[] = paymentDrafts.map((p, i) => ({
    ...p,
    serialNo: numbering.firstPaymentSerial + i,
  }));

  // --- The ledger, user by user in time order: purchases add, downloads of Unlocked files
  // take what the ticket costs (only when the balance covers it: a tuner short of credits has
  // not downloaded yet), now and then an admin adds or corrects.
  type Step =
    | { at: number; kind: 'purchase'; payment: DemoPayment }
    | { at: number; kind: 'download_charge'; ticket: (typeof tickets)[number] }
    | { at: number; kind: 'admin_adjustment'; delta: number; admin: number; note: string };
  const steps = new Map<number, Step[]>();
  const stepsOf = (owner: number) => {
    const list = steps.get(owner) ?? [];
    if (list.length === 0) steps.set(owner, list);
    return list;
  };
  for (const p of payments) {
    if (p.status === 'Completed') stepsOf(p.owner).push({ at: p.completedAt!, kind: 'purchase', payment: p });
  }
  for (const t of tickets) {
    if (t.downloadAt !== null)
      stepsOf(t.owner).push({ at: t.downloadAt, kind: 'download_charge', ticket: t });
  }
  for (const [i, u] of users.entries()) {
    if (u.role === 'admin' || !u.emailVerified || !random.chance(0.015)) continue;
    for (let n = random.int(1, 2); n > 0; n--) {
      const goodwill = random.chance(0.75);
      stepsOf(i).push({
        at: Math.floor(u.createdAt + (now - u.createdAt) * random.next()),
        kind: 'admin_adjustment',
        delta: goodwill ? random.int(1, 5) : -random.int(1, 3),
        admin: random.pick(admins),
        note: goodwill ? random.pick(ADJUSTMENT_NOTES) : random.pick(CORRECTION_NOTES),
      });
    }
  }
  const entries: Omit<DemoLedgerEntry, 'id'>[] = [];
  for (const [owner, list] of steps) {
    list.sort((a, b) => a.at - b.at);
    const user = users[owner]!;
    let balance = 0;
    // Unlocked files the tuner could not pay for yet: fetched right after the next top-up.
    const owed: (typeof tickets)[number][] = [];
    const charge = (t: (typeof tickets)[number], at: number) => {
      t.chargedAt = at;
      t.updatedAt = Math.max(t.updatedAt, at);
      if (t.creditsNeed > 0) {
        balance -= t.creditsNeed;
        entries.push({
          owner,
          actor: owner,
          kind: 'download_charge',
          delta: -t.creditsNeed,
          balanceAfter: balance,
          paymentSerial: null,
          reference: `ticket:${t.ticketNumber}`,
          note: `Tuned file of ticket ${t.ticketNumber}`,
          at,
        });
      }
      events.push({
        ticketNumber: t.ticketNumber,
        kind: 'charged',
        actor: owner,
        detail: { credits: t.creditsNeed },
        at,
      });
    };
    const settleOwed = (at: number) => {
      while (owed.length > 0 && owed[0]!.creditsNeed <= balance) charge(owed.shift()!, at);
    };
    for (const step of list) {
      if (step.kind === 'purchase') {
        balance += step.payment.credits;
        user.totalMoneySpentPence += step.payment.amountPence;
        entries.push({
          owner,
          actor: owner,
          kind: 'purchase',
          delta: step.payment.credits,
          balanceAfter: balance,
          paymentSerial: step.payment.serialNo,
          reference: null,
          note: `${step.payment.packageId} (${formatSerialNo(step.payment.serialNo)})`,
          at: step.at,
        });
        settleOwed(step.at);
      } else if (step.kind === 'download_charge') {
        if (balance >= step.ticket.creditsNeed) charge(step.ticket, step.at);
        else owed.push(step.ticket);
      } else {
        if (balance + step.delta < 0) continue;
        balance += step.delta;
        entries.push({
          owner,
          actor: step.admin,
          kind: 'admin_adjustment',
          delta: step.delta,
          balanceAfter: balance,
          paymentSerial: null,
          reference: `admin:${users[step.admin]!.id}`,
          note: step.note,
          at: step.at,
        });
        settleOwed(step.at);
      }
      user.updatedAt = Math.max(user.updatedAt, step.at);
    }
    user.credits = balance;
  }
  // Ids in time order, so that each user's running balance reads right in id order too (a
  // user's own steps keep their order on a tie: the sort is stable).
  entries.sort((a, b) => a.at - b.at);
  const ledger = entries.map((e, i) => ({ ...e, id: numbering.firstLedgerId + i }));
  events.sort((a, b) => a.at - b.at);

  return {
    users,
    tickets: tickets.map(({ downloadAt: _, ...t }) => t),
    events,
    payments,
    ledger,
    admins,
  };
}
