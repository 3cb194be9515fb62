import type { MetricResult, ReportData } from '../../shared/api/reports';
import { changeOf, XLSX_CHANGE_FORMATS, XLSX_FORMATS } from './format';
import type { ReportHeading } from './heading';

/** Text a spreadsheet would take for a formula (or a DDE call) is written with a leading apostrophe. */
const FORMULA_LIKE = /^[=+\-@\t\r]/;
export const neutralise = (text: string) => (FORMULA_LIKE.test(text) ? `'${text}` : text);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/;

/** The Summary sheet's figure columns, after its ten rows about the report. */
export const SUMMARY_COLUMNS = [
  'Metric',
  'Value',
  'Previous period',
  'Change',
  'Compared with',
  'Unit',
  'Covers',
  'Definition',
  'Note',
] as const;

/** Sheet names: at most 31 characters, none of []:*?/\ and unique. */
function sheetName(label: string, taken: Set<string>): string {
  const base = label.replace(/[[\]:*?/\\]/g, ' ').slice(0, 28);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 26)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

function cellValue(value: string | number | null, unit: MetricResult['table']['columns'][number]['unit']) {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (unit === 'date' && ISO_INSTANT.test(value))
    return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return neutralise(value);
}

/**
 * The report as a workbook: a Summary sheet (the cover, then one row per metric with its value, its
 * previous period's value and the change, the figures of the PDF's summary page) and one sheet per metric
 * with its table. Numbers are numbers, dates dates, money in a currency format; header
 * rows are frozen; text that looks like a formula is kept as text.
 */
export async function renderXlsx(heading: ReportHeading, data: ReportData): Promise<Buffer> {
  // Loaded by the first workbook: a server that writes none does not pay its seconds of loading.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = heading.platformName;
  book.title = heading.name;
  book.created = new Date(data.generatedAt);

  const summary = book.addWorksheet('Summary', { views: [{ state: 'frozen', ySplit: 10 }] });
  summary.columns = [
    { width: 34 },
    { width: 22 },
    { width: 22 },
    { width: 12 },
    { width: 26 },
    { width: 10 },
    { width: 40 },
    { width: 80 },
    { width: 60 },
  ];
  const facts: [string, string | Date][] = [
    ['Platform', heading.platformName],
    ['Report', heading.name],
    ['Description', heading.description],
    ['Type', heading.type],
    ['Period', data.period.label],
    ['From', new Date(data.period.from)],
    ['To', new Date(data.period.to)],
    ['Organization', heading.organization],
    ['Plan', heading.plan],
  ];
  for (const [label, value] of facts) {
    const row = summary.addRow([label, typeof value === 'string' ? neutralise(value) : value]);
    row.getCell(1).font = { bold: true };
    if (value instanceof Date) row.getCell(2).numFmt = XLSX_FORMATS.date ?? '';
  }
  // The PDF's summary tiles, as columns: the same value, previous value and change (format.ts).
  const header = summary.addRow([...SUMMARY_COLUMNS]);
  header.font = { bold: true };
  for (const metric of data.metrics) {
    const change = changeOf(metric);
    const row = summary.addRow([
      metric.label,
      metric.value,
      metric.previous?.value ?? null,
      change?.value ?? null,
      metric.previous?.coverage ?? null,
      metric.unit,
      metric.coverage,
      metric.definition,
      metric.note ?? null,
    ]);
    const format = XLSX_FORMATS[metric.unit];
    if (format) {
      row.getCell(2).numFmt = format;
      row.getCell(3).numFmt = format;
    }
    if (change) row.getCell(4).numFmt = XLSX_CHANGE_FORMATS[change.kind];
  }

  const taken = new Set(['summary']);
  for (const metric of data.metrics) {
    const sheet = book.addWorksheet(sheetName(metric.label, taken), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = metric.table.columns.map((c, i) => ({
      header: c.label,
      width: i === 0 ? 36 : 18,
      ...(XLSX_FORMATS[c.unit] ? { style: { numFmt: XLSX_FORMATS[c.unit] } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of metric.table.rows) {
      sheet.addRow(row.map((cell, i) => cellValue(cell, metric.table.columns[i]?.unit ?? 'text')));
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
