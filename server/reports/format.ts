import { hoursAndMinutes } from '../../shared/alerting';
import type { MetricResult } from '../../shared/api/reports';

type Unit = MetricResult['table']['columns'][number]['unit'];

const grouped = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** How the PDF writes a value (the XLSX keeps the number and formats the cell instead). */
export function formatValue(value: string | number | null, unit: Unit): string {
  if (value === null) return 'n/a';
  if (typeof value === 'string')
    return unit === 'date' ? value.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : value;
  switch (unit) {
    case 'money':
      return money.format(value);
    case 'ratio':
      return `${grouped(1).format(value * 100)}%`;
    case 'percent':
      return `${grouped(1).format(value)}%`;
    case 'ms':
      return `${grouped(0).format(value)} ms`;
    case 'minutes':
      // As Alert Management writes it, after the exact figure.
      return `${grouped(1).format(value)} min (${hoursAndMinutes(value)})`;
    case 'score':
      return grouped(2).format(value);
    case 'count':
      return grouped(0).format(value);
    default:
      return String(value);
  }
}

/** The excel number format of a unit's cells. */
export const XLSX_FORMATS: Partial<Record<Unit, string>> = {
  money: '"$"#,##0.00',
  ratio: '0.0%',
  percent: '0.0"%"',
  ms: '#,##0" ms"',
  minutes: '#,##0.0" min"',
  score: '0.00',
  count: '#,##0',
  date: 'yyyy-mm-dd hh:mm',
};
