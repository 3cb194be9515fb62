/**
 * Thirty days of plausible console usage for the demo's console users (issue 11): sessions in working
 * hours (UTC), fewer at weekends, each user on one machine (desktop app or browser, one OS, mostly a
 * large screen), page views through the screens their role opens, a heartbeat each focused minute, the
 * odd feature and the odd bounce. Deterministic: the same `now` gives the same events.
 *
 * Today is never empty, whatever the hour: today's sessions start in the part of the working day already
 * gone (before 09:00, in the part of the day gone), and when nobody came today someone on call did. The
 * build's snapshot is seeded at the start of its day; its first start fills today (fillDemoUsage).
 */
import { and, desc, gte, inArray, lt, or } from 'drizzle-orm';
import { FEATURES, type UsageKind } from '../../shared/api/usage';
import { systemRole } from '../../shared/permissions';
import { CONSOLE_ROUTES, passesGuard } from '../../shared/routes';
import type { Db } from '../db/client';
import { usageEvents, users } from '../db/schema';
import { DAY_MS, startOfUtcDay } from '../business/formulas';
import { createRandom } from './tenancy';

export const DEMO_USAGE_DAYS = 30;
const CONSOLE_ROLES = ['super_admin', 'app_owner', 'center_admin'];
const MINUTE = 60_000;

type Random = ReturnType<typeof createRandom>;
type Row = typeof usageEvents.$inferInsert;

/** A version-4-shaped UUID from the generator. */
function uuidOf(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random.next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function pathsFor(role: string): string[] {
  const permissions = systemRole(role)?.permissions ?? [];
  return CONSOLE_ROUTES.filter((r) => passesGuard(r.guard, { role, permissions })).map((r) => r.path);
}

type Machine = Required<Pick<Row, 'host' | 'os' | 'screen'>>;

function machineOf(random: Random): Machine {
  const roll = random.next();
  return {
    host: random.next() < 0.7 ? 'electron' : 'browser',
    os: roll < 0.5 ? 'windows' : roll < 0.85 ? 'macos' : 'linux',
    screen: random.next() < 0.8 ? 'large' : random.next() < 0.85 ? 'medium' : 'small',
  };
}

/** One session's events from `start`: a bounce, or a walk through the screens with heartbeats. */
function sessionRows(
  random: Random,
  base: Omit<Row, 'kind' | 'occurredAt' | 'receivedAt' | 'path' | 'feature'>,
  start: number,
  paths: readonly string[],
  now: number,
): Row[] {
  const rows: Row[] = [];
  const add = (kind: UsageKind, at: number, extra: Partial<Row> = {}) => {
    if (at <= now) rows.push({ ...base, kind, occurredAt: new Date(at), receivedAt: new Date(at), ...extra });
  };
  add('session_start', start);
  add('page_view', start, { path: '/dashboard' });
  if (random.next() < 0.08) {
    add('session_end', start + random.int(2, 8) * 1000);
    return rows;
  }
  const end = start + random.int(2, 25) * MINUTE + random.int(0, 59) * 1000;
  for (let at = start + MINUTE; at < end; at += MINUTE) add('heartbeat', at);
  for (let at = start + random.int(15, 120) * 1000; at < end; at += random.int(20, 240) * 1000) {
    add('page_view', at, { path: random.pick(paths) });
    if (random.next() < 0.12) add('feature', at + 5000, { feature: random.pick(FEATURES).id });
  }
  // Most sign out or close the window; the rest simply stop, and their session times out.
  if (random.next() < 0.7) add('session_end', end);
  return rows;
}

const HOUR = 60 * MINUTE;
const WORK_FROM = 8 * HOUR;
const WORK_TO = 18 * HOUR;

/**
 * When a session drawn at `drawn` (in working hours) starts: as drawn on a past day; today, at the same
 * share of the part of the working day already gone, or before 09:00 of the part of the day gone.
 */
export function sessionStart(drawn: number, day: number, now: number): number {
  if (day + DAY_MS <= now) return drawn;
  const share = (drawn - day - WORK_FROM) / (WORK_TO - WORK_FROM);
  const [from, to] =
    now >= day + WORK_FROM + HOUR ? [day + WORK_FROM, Math.min(now, day + WORK_TO)] : [day, now];
  return from + Math.floor(share * (to - from));
}

interface Person {
  id: string;
  role: string;
}

/** One person's sessions of one day, by the model: activity by role, fewer at weekends. */
function daySessions(
  random: Random,
  person: Person,
  machine: Machine,
  day: number,
  now: number,
  forced = false,
): Row[] {
  // The platform's own staff use the console daily; center admins now and then.
  const activity = person.role === 'center_admin' ? 0.35 : 0.85;
  const weekday = new Date(day).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  if (random.next() > (weekend ? activity * 0.2 : activity) && !forced) return [];
  const count = weekend ? 1 : random.int(1, person.role === 'center_admin' ? 2 : 3);
  const rows: Row[] = [];
  for (let s = 0; s < count; s++) {
    const drawn = day + random.int(8, 17) * 60 * MINUTE + random.int(0, 59) * MINUTE;
    const base = { userId: person.id, sessionId: uuidOf(random), ...machine };
    rows.push(...sessionRows(random, base, sessionStart(drawn, day, now), pathsFor(person.role), now));
  }
  return rows;
}

/** Today's sessions of `people`, with someone on call when the model brought nobody. */
function todaySessions(people: readonly Person[], machines: Map<string, Machine>, now: number): Row[] {
  const today = startOfUtcDay(now);
  const random = createRandom(today / MINUTE);
  const machine = (p: Person) => machines.get(p.id) ?? machineOf(random);
  const rows = people.flatMap((p) => daySessions(random, p, machine(p), today, now));
  const onCall = people[0];
  if (onCall && !rows.some((r) => r.kind === 'session_start')) {
    rows.push(...daySessions(random, onCall, machine(onCall), today, now, true));
  }
  return rows;
}

const consolePeople = (db: Db): Promise<Person[]> =>
  db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.role, CONSOLE_ROLES))
    .orderBy(users.id);

async function insertRows(db: Db, rows: readonly Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(usageEvents).values(rows.slice(i, i + 1000));
}

export async function insertDemoUsage(db: Db, now: number): Promise<void> {
  const people = await consolePeople(db);
  const random = createRandom(1111);
  const rows: Row[] = [];
  const today = startOfUtcDay(now);
  const machines = new Map<string, Machine>();
  for (const person of people) {
    const machine = machineOf(random);
    machines.set(person.id, machine);
    for (let d = DEMO_USAGE_DAYS - 1; d > 0; d--) {
      rows.push(...daySessions(random, person, machine, today - d * DAY_MS, now));
    }
  }
  rows.push(...todaySessions(people, machines, now));
  await insertRows(db, rows);
}

/**
 * Today's sessions for a demo seeded at the start of today (`seededAt`, already moved to the first
 * start's day), up to `now`; each person on the machine the seed gave them. A seed made later in its day
 * made today's sessions itself.
 */
export async function fillDemoUsage(db: Db, seededAt: number, now: number): Promise<void> {
  if (seededAt !== startOfUtcDay(now)) return;
  const people = await consolePeople(db);
  await insertRows(db, todaySessions(people, await machinesOf(db, people), now));
}

/** The machine each person's latest usage was on (the one the seed gave them). */
async function machinesOf(db: Db, people: readonly Person[]): Promise<Map<string, Machine>> {
  const latest = await db
    .selectDistinctOn([usageEvents.userId], {
      userId: usageEvents.userId,
      host: usageEvents.host,
      os: usageEvents.os,
      screen: usageEvents.screen,
    })
    .from(usageEvents)
    .where(
      inArray(
        usageEvents.userId,
        people.map((p) => p.id),
      ),
    )
    .orderBy(usageEvents.userId, desc(usageEvents.occurredAt));
  return new Map(latest.map(({ userId, ...machine }) => [userId, machine]));
}

/**
 * A first start whose move is not whole weeks moves the usage by the whole weeks below it, so that the
 * weekends' few sessions stay on weekends (anchor.ts, `weekly`); this makes the days that leaves out,
 * [from, today), from the model, each day from its own stream, and drops what then lies before the
 * seed's window for `today` (DEMO_USAGE_DAYS): the previous period stays as empty as a seed's.
 */
export async function fillDemoUsageDays(db: Db, from: number, today: number): Promise<void> {
  await db
    .delete(usageEvents)
    .where(
      or(
        lt(usageEvents.occurredAt, new Date(today - (DEMO_USAGE_DAYS - 1) * DAY_MS)),
        and(gte(usageEvents.occurredAt, new Date(from)), lt(usageEvents.occurredAt, new Date(today))),
      ),
    );
  const people = await consolePeople(db);
  const machines = await machinesOf(db, people);
  const rows: Row[] = [];
  for (let day = from; day < today; day += DAY_MS) {
    const random = createRandom(day / MINUTE);
    for (const person of people) {
      rows.push(...daySessions(random, person, machines.get(person.id) ?? machineOf(random), day, today));
    }
  }
  await insertRows(db, rows);
}
