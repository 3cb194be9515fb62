import { QUIET_HOURS, type MaintenanceWindowInput, type SilenceMatcher } from '../../shared/alerting';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface Silence {
  matchers: readonly SilenceMatcher[];
  startsAt: number;
  endsAt: number;
}

/** Every matcher holds: `==` needs the label to have the value (a missing label is ''), `!=` not. */
export function matches(labels: Record<string, string>, matchers: readonly SilenceMatcher[]): boolean {
  return matchers.every((m) => ((labels[m.label] ?? '') === m.value) === (m.operator === '=='));
}

export function isSilenced(
  labels: Record<string, string>,
  silences: readonly Silence[],
  now: number,
): boolean {
  return silences.some((s) => s.startsAt <= now && now < s.endsAt && matches(labels, s.matchers));
}

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Whether `now` falls in the window: a start on one of its weekdays (UTC), today's or an earlier day's. */
export function inMaintenance(window: MaintenanceWindowInput, now: number): boolean {
  const startOfDay = Math.floor(now / DAY_MS) * DAY_MS;
  const daysBack = Math.ceil(window.minutes / 1440);
  for (let back = 0; back <= daysBack; back++) {
    const day = startOfDay - back * DAY_MS;
    if (!window.weekdays.includes(new Date(day).getUTCDay())) continue;
    const start = day + minutesOf(window.start) * MINUTE_MS;
    if (start <= now && now < start + window.minutes * MINUTE_MS) return true;
  }
  return false;
}

export function inAnyMaintenance(
  labels: Record<string, string>,
  windows: readonly MaintenanceWindowInput[],
  now: number,
): boolean {
  return windows.some((w) => matches(labels, w.matchers) && inMaintenance(w, now));
}

/** The wall clock of `zone` at `at`: its date and minute of the day. */
function wallClock(at: number, zone: string): { y: number; m: number; d: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return { y: parts.year!, m: parts.month!, d: parts.day!, minute: parts.hour! * 60 + parts.minute! };
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in ms (seconds ignored: zones move by minutes). */
function offsetAt(at: number, zone: string): number {
  const w = wallClock(at, zone);
  const wall = Date.UTC(w.y, w.m - 1, w.d) + w.minute * MINUTE_MS;
  return wall - Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/** The instant `zone`'s clocks show `minute` on the given day; checked again after a DST change. */
function instantOf(y: number, m: number, d: number, minute: number, zone: string): number {
  const wall = Date.UTC(y, m - 1, d) + minute * MINUTE_MS;
  const guess = wall - offsetAt(wall, zone);
  return wall - offsetAt(guess, zone);
}

/**
 * Quiet hours 22:00–08:00 (part 2 §9) on the platform's clock (System Settings' timezone, an IANA zone):
 * the end of the current quiet period, or null outside it. A night across a DST change is its real length.
 */
export function quietHoursEnd(now: number, zone: string): number | null {
  const w = wallClock(now, zone);
  const start = minutesOf(QUIET_HOURS.start);
  const end = minutesOf(QUIET_HOURS.end);
  if (w.minute >= start) {
    const tomorrow = new Date(Date.UTC(w.y, w.m - 1, w.d + 1));
    return instantOf(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), end, zone);
  }
  if (w.minute < end) return instantOf(w.y, w.m, w.d, end, zone);
  return null;
}
