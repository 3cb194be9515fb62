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

/** Quiet hours 22:00–08:00 (part 2 §9), in UTC: the end of the current quiet period, or null outside it. */
export function quietHoursEnd(now: number): number | null {
  const startOfDay = Math.floor(now / DAY_MS) * DAY_MS;
  const minute = (now - startOfDay) / MINUTE_MS;
  const start = minutesOf(QUIET_HOURS.start);
  const end = minutesOf(QUIET_HOURS.end);
  if (minute >= start) return startOfDay + DAY_MS + end * MINUTE_MS;
  if (minute < end) return startOfDay + end * MINUTE_MS;
  return null;
}
