/** The console's one date formatter: a stored ISO timestamp as a short local date ("Mar 4, 2026"). */
export function formatDate(iso: string | null | undefined, empty = 'Never'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return empty;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Dollars as the console shows money: "$12,345" (cents only when asked), "n/a" for an undefined figure. */
export function formatMoney(value: number | null | undefined, cents = false): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  return value.toLocaleString('en-US', {
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
