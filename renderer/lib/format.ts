/**
 * The language and time zone of the console's formats: the platform's settings (timezone, language),
 * applied at sign-in by useDisplayPreferences; until then en-US in the machine's zone.
 */
const preferences: { locale: string; timeZone: string | undefined } = {
  locale: 'en-US',
  timeZone: undefined,
};

export function setDisplayPreferences(locale: string, timeZone: string): void {
  preferences.locale = locale;
  preferences.timeZone = timeZone;
}

/** The console's one date formatter: a stored ISO timestamp as a short date ("Mar 4, 2026"). */
export function formatDate(iso: string | null | undefined, empty = 'Never'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return empty;
  return date.toLocaleDateString(preferences.locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: preferences.timeZone,
  });
}

/** A date and time in the platform's zone ("Mar 4, 2026, 9:05 AM"). */
export function formatDateTime(iso: string | null | undefined, empty = 'Never'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return empty;
  return date.toLocaleString(preferences.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: preferences.timeZone,
  });
}

/** A count with the platform language's grouping ("12,345", "12.345"). */
export function formatNumber(value: number): string {
  return value.toLocaleString(preferences.locale);
}

/** Dollars as the console shows money: "$12,345" (cents only when asked), "n/a" for an undefined figure. */
export function formatMoney(value: number | null | undefined, cents = false): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  return value.toLocaleString(preferences.locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  });
}

/** A fraction as a percent with one decimal ("62.6%"), "n/a" when undefined. */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return 'n/a';
  return `${(fraction * 100).toFixed(1)}%`;
}
