/**
 * The one CSV writer (RFC 4180) and the pretty JSON helper of every export. Pure: the server streams with
 * it, the console uses it for local files.
 *
 * Cells that a spreadsheet would read as a formula (= + - @, tab, carriage return at the start) get a leading
 * apostrophe, so an exported value can never run as a formula (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const CSV_LINE_END = '\r\n';

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function csvCell(value: unknown): string {
  const text = neutraliseFormula(cellText(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

export function csvRows<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  let text = '';
  for (const row of rows) text += csvLine(columns.map((c) => c.value(row)));
  return text;
}

/** A whole CSV file: the header line, then one line per row. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  return csvLine(columns.map((c) => c.header)) + csvRows(columns, rows);
}

/** Pretty-printed JSON, two spaces, as the spec's download helper writes it. */
export function toPrettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * Pretty JSON of an array, piece by piece, for streams: the concatenated pieces equal
 * `toPrettyJson(items)` exactly, whatever the number of items.
 */
export const prettyJsonArray = {
  open: (empty: boolean) => (empty ? '[]' : '[\n'),
  item: (value: unknown, first: boolean) =>
    (first ? '' : ',\n') + JSON.stringify([value], null, 2).slice(2, -2),
  close: (empty: boolean) => (empty ? '' : '\n]'),
};
