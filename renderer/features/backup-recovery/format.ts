/** Part 2 §9: sizes in 1024 units. */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  return `${exponent === 0 ? value : value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${UNITS[exponent]}`;
}

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/**
 * How full a location is, in percent, as `df` counts it: used over used plus available. Blocks the file
 * system keeps back (for root, or on a share, another user's quota) are not room a backup can take, so
 * used over capacity would show a nearly full disk as nearly empty. Null when nothing is known.
 */
export const usedPercent = (used: number, available: number): number | null =>
  used + available > 0 ? (used / (used + available)) * 100 : null;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** A field that is one number within its range, as cron reads it. */
const within = (field: string | undefined, max: number) =>
  /^\d{1,2}$/.test(field ?? '') && Number(field) <= max;

/**
 * A cron schedule (UTC) in words for the common shapes (every day, weekdays, or one day of the week, at a
 * time); any other is shown as the expression itself, as the jobs table shows it.
 */
export function scheduleInWords(cron: string): string {
  const [minute, hour, day, month, weekday, ...rest] = cron.trim().split(/\s+/);
  if (rest.length === 0 && within(minute, 59) && within(hour, 23) && day === '*' && month === '*') {
    const at = `${hour!.padStart(2, '0')}:${minute!.padStart(2, '0')} UTC`;
    if (weekday === '*') return `Daily at ${at}`;
    if (weekday === '1-5') return `Weekdays at ${at}`;
    if (/^[0-7]$/.test(weekday ?? '')) return `${WEEKDAYS[Number(weekday) % 7]}s at ${at}`;
  }
  return `Cron ${cron.trim()} (UTC)`;
}
