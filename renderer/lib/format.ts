/** The console's one date formatter: a stored ISO timestamp as a short local date ("Mar 4, 2026"). */
export function formatDate(iso: string | null | undefined, empty = 'Never'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return empty;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
