import { CLOUD_SERVICES, type CloudService } from '../../shared/api/business';

/**
 * The cost import format, the spec's cost record (part 1 §3) as CSV:
 *   date,total,lambda,dynamodb,s3,cloudfront,apigateway,others
 * one line per day, amounts in dollars; total may be empty, otherwise it must equal the services' sum.
 * Every bad line is reported with its number (the header is line 1); a file with any error imports nothing.
 */
export const COST_CSV_HEADER = ['date', 'total', ...CLOUD_SERVICES] as const;
export const MAX_COST_CSV_LINES = 5000;

export interface CostDay {
  date: string;
  amounts: Record<CloudService, number>;
}
export interface CsvLineError {
  line: number;
  message: string;
}
export type CostCsvResult = { ok: true; days: CostDay[] } | { ok: false; errors: CsvLineError[] };

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function splitLine(line: string): string[] {
  return line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
}

const toCents = (text: string) => Math.round(Number(text) * 100);

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

function parseDay(cells: string[], line: number, errors: CsvLineError[]): CostDay | null {
  const fail = (message: string) => {
    errors.push({ line, message });
    return null;
  };
  if (cells.length !== COST_CSV_HEADER.length) {
    return fail(`expected ${COST_CSV_HEADER.length} values, found ${cells.length}`);
  }
  const [date = '', total = '', ...services] = cells;
  if (!validDate(date)) return fail(`"${date}" is not a date (YYYY-MM-DD)`);
  const amounts = {} as Record<CloudService, number>;
  for (const [i, service] of CLOUD_SERVICES.entries()) {
    const text = services[i] ?? '';
    if (!AMOUNT.test(text)) return fail(`${service}: "${text}" is not an amount in dollars`);
    amounts[service] = toCents(text);
  }
  if (total !== '') {
    if (!AMOUNT.test(total)) return fail(`total: "${total}" is not an amount in dollars`);
    const sum = CLOUD_SERVICES.reduce((s, k) => s + amounts[k], 0);
    if (toCents(total) !== sum) {
      return fail(`total ${total} is not the sum of the services (${(sum / 100).toFixed(2)})`);
    }
  }
  return { date, amounts };
}

export function parseCostCsv(text: string): CostCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  const header = splitLine(lines[0] ?? '').map((h) => h.toLowerCase());
  if (header.join(',') !== COST_CSV_HEADER.join(',')) {
    return { ok: false, errors: [{ line: 1, message: `the header must be ${COST_CSV_HEADER.join(',')}` }] };
  }
  if (lines.length < 2) return { ok: false, errors: [{ line: 2, message: 'no cost records' }] };
  if (lines.length - 1 > MAX_COST_CSV_LINES) {
    return {
      ok: false,
      errors: [{ line: MAX_COST_CSV_LINES + 2, message: `more than ${MAX_COST_CSV_LINES} records` }],
    };
  }
  const errors: CsvLineError[] = [];
  const days: CostDay[] = [];
  const seen = new Map<string, number>();
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (raw.trim() === '') {
      errors.push({ line, message: 'empty line' });
      return;
    }
    const day = parseDay(splitLine(raw), line, errors);
    if (!day) return;
    const earlier = seen.get(day.date);
    if (earlier !== undefined) {
      errors.push({ line, message: `${day.date} already appears on line ${earlier}` });
      return;
    }
    seen.set(day.date, line);
    days.push(day);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, days };
}

/** "Line 3: …; line 7: …", at most `limit` lines named. */
export function describeCsvErrors(errors: readonly CsvLineError[], limit = 10): string {
  const named = errors.slice(0, limit).map((e) => `line ${e.line}: ${e.message}`);
  const more = errors.length > limit ? `; and ${errors.length - limit} more` : '';
  return named.join('; ') + more;
}
