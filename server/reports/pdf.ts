import { createRequire } from 'node:module';
import path from 'node:path';
import type { MetricResult, ReportData } from '../../shared/api/reports';
import { chartCaption, chartSvg } from './chart';
import { changeOf, formatChange, formatDate, formatValue } from './format';
import type { ReportHeading } from './heading';

const require = createRequire(import.meta.url);

/*
 * pdfmake's own types (@types/pdfmake) pull the DOM library into the whole Node project, so the little
 * of its API used here is typed by hand and the module is loaded with require.
 */
type Content = Record<string, unknown> | string;
type TableCell = Record<string, unknown>;
type TDocumentDefinitions = Record<string, unknown> & { content: Content[] };
interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (file: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}
let pdfmakeModule: PdfMake | undefined;
/** pdfmake, loaded by the first PDF: a server that writes none does not pay its seconds of loading. */
function loadPdfmake(): PdfMake {
  if (pdfmakeModule) return pdfmakeModule;
  const pdfmake = require('pdfmake') as PdfMake;
  const fontsFile = require.resolve('pdfmake/fonts/Roboto.js');
  const fontsDir = path.dirname(fontsFile);
  pdfmake.setFonts(require(fontsFile) as Record<string, Record<string, string>>);
  // The document is ours, but a value is data: no URL is ever fetched, only pdfmake's own fonts are read.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file: string) => path.resolve(file).startsWith(fontsDir + path.sep));
  return (pdfmakeModule = pdfmake);
}

/** Charts per page after the summary: each takes half a page, whatever it draws. */
export const CHARTS_PER_PAGE = 2;
/** Up to this many figures the summary's tiles go two to a row, then three, then four (tiles()). */
const TWO_COLUMNS_MAX = 6;
const THREE_COLUMNS_MAX = 15;
const WIDTH = 515; // A4 (595 pt) less the 40 pt margins

const GREY = '#6b7280';
const INK = '#111827';
const TILE = '#f3f4f6';

type Metric = ReportData['metrics'][number];

/** A figure's change in words: '+4.2% vs previous 30 days (was $6,041.00)'. */
export function changeLine(metric: Metric, timeZone: string): string {
  if (!metric.previous) return 'No earlier period: the figure covers all time';
  const period = metric.previous.coverage.toLowerCase();
  if (metric.previous.value === null) return `n/a: no figure for the ${period}`;
  const was = formatValue(metric.previous.value, metric.unit, timeZone);
  return `${formatChange(changeOf(metric))} vs ${period} (was ${was})`;
}

/** Tile sizes: two to a row are large, four to a row small (font sizes of label, value, change, definition). */
const TILE_SIZES = {
  large: [10, 22, 9, 8],
  medium: [8.5, 17, 8, 7],
  small: [8.5, 14, 7, 6.5],
} as const;

/** One tile of the summary: the figure's name, value, change and one-line definition. */
function tile(metric: Metric, timeZone: string, size: keyof typeof TILE_SIZES): Content {
  const [label, value, change, definition] = TILE_SIZES[size];
  return {
    stack: [
      { text: metric.label, style: 'tileLabel', fontSize: label },
      { text: formatValue(metric.value, metric.unit, timeZone), style: 'tileValue', fontSize: value },
      { text: changeLine(metric, timeZone), style: 'tileChange', fontSize: change },
      { text: metric.definition, style: 'tileDefinition', fontSize: definition },
      ...(metric.note ? [{ text: 'Whole platform: no organization dimension', style: 'tileNote' }] : []),
    ],
    fillColor: TILE,
  };
}

/**
 * The tiles as a grid: a table whose white rules are the gutters between grey cards. Two to a row up to
 * TWO_COLUMNS_MAX figures, three up to THREE_COLUMNS_MAX, then four smaller ones: all 22 figures of the
 * catalogue still fit on page 1.
 */
function tiles(metrics: Metric[], timeZone: string): Content {
  const columns = metrics.length <= TWO_COLUMNS_MAX ? 2 : metrics.length <= THREE_COLUMNS_MAX ? 3 : 4;
  const rows: Content[][] = [];
  for (let i = 0; i < metrics.length; i += columns) {
    const size = columns === 2 ? 'large' : columns === 3 ? 'medium' : 'small';
    const row = metrics.slice(i, i + columns).map((m) => tile(m, timeZone, size));
    while (row.length < columns) row.push({ text: '' });
    rows.push(row);
  }
  const gutter = 6;
  return {
    table: { widths: Array<string>(columns).fill('*'), body: rows, dontBreakRows: true },
    layout: {
      hLineWidth: () => gutter,
      vLineWidth: () => gutter,
      hLineColor: () => 'white',
      vLineColor: () => 'white',
      paddingLeft: () => 8,
      paddingRight: () => 8,
      paddingTop: () => (columns === 2 ? 10 : 7),
      paddingBottom: () => (columns === 2 ? 10 : 7),
    },
    margin: [-gutter, 8, -gutter, 0],
  };
}

/** The metrics that draw the same chart share one (the dashboard's six draw its revenue series). */
function chartSlots(metrics: Metric[]): { chart: Metric['chart']; metrics: Metric[] }[] {
  const slots = new Map<string, { chart: Metric['chart']; metrics: Metric[] }>();
  for (const metric of metrics) {
    const key = JSON.stringify(metric.chart);
    const slot = slots.get(key);
    if (slot) slot.metrics.push(metric);
    else slots.set(key, { chart: metric.chart, metrics: [metric] });
  }
  return [...slots.values()];
}

/** Whether a chart's figures all cover the same thing: it is said once, under them. */
const shared = (slot: { metrics: Metric[] }) =>
  slot.metrics.length > 1 && slot.metrics.every((m) => m.coverage === slot.metrics[0]?.coverage);

/** A table cell as written: numbers right-aligned and formatted, dates readable. */
function cell(
  value: string | number | null,
  unit: MetricResult['table']['columns'][number]['unit'],
  timeZone: string,
): TableCell {
  return {
    text: formatValue(value, unit, timeZone),
    alignment: typeof value === 'number' ? 'right' : 'left',
  };
}

/**
 * The report as a PDF: page 1 is its summary (what, when, for whom, then every figure as a tile with its
 * value, its change against the previous period and its definition); then the charts, two to a page, each
 * captioned with what it draws and the figures it belongs to; then each figure's table. Dates are written
 * as people read them, in the platform's timezone. Each page after the first carries the report's name,
 * and every page its number.
 */
export async function renderPdf(heading: ReportHeading, data: ReportData): Promise<Buffer> {
  const tz = heading.timeZone;
  const day = (at: string) => formatDate(at, tz, { time: false });
  const period = `${data.period.label}: ${day(data.period.from)} – ${day(data.period.to)}`;
  const summary: Content[] = [
    { text: heading.platformName, style: 'platform' },
    { text: heading.name, style: 'title' },
    ...(heading.description ? [{ text: heading.description, style: 'description' }] : []),
    {
      table: {
        widths: [62, '*', 62, '*'],
        body: [
          [fact('Period'), period, fact('Organization'), { text: heading.organization, bold: true }],
          [fact('Plan'), heading.plan, fact('Type'), heading.type],
          [
            fact('Generated'),
            `${heading.generatedAt} (${heading.timezone})`,
            fact('Created by'),
            heading.createdBy,
          ],
        ],
      },
      layout: 'noBorders',
      fontSize: 9,
      margin: [0, 6, 0, 4],
    },
    {
      text: `${data.metrics.length} ${data.metrics.length === 1 ? 'figure' : 'figures'}, each against its previous period`,
      style: 'h2',
      margin: [0, 8, 0, 0],
    },
    tiles(data.metrics, tz),
  ];

  const slots = chartSlots(data.metrics);
  const charted: Content[] = await Promise.all(
    slots.map(async (slot, i): Promise<Content> => {
      const [first] = slot.metrics;
      const caption = first ? chartCaption(first.id, slot.chart, tz) : '';
      return {
        unbreakable: true,
        pageBreak: i % CHARTS_PER_PAGE === 0 ? 'before' : undefined,
        margin: [0, i % CHARTS_PER_PAGE === 0 ? 0 : 18, 0, 0],
        stack: [
          { text: caption, style: 'h2' },
          ...slot.metrics.flatMap((m): Content[] => [
            {
              text: [
                { text: `${m.label}: `, bold: true },
                { text: formatValue(m.value, m.unit, tz), bold: true },
                { text: `   ${changeLine(m, tz)}`, color: GREY },
              ],
              fontSize: 9,
            },
            ...(shared(slot) ? [] : [{ text: `Covers: ${m.coverage}`, style: 'coverage' }]),
            ...(m.note ? [{ text: m.note, style: 'note' }] : []),
          ]),
          ...(shared(slot) ? [{ text: `Covers: ${first?.coverage ?? ''}`, style: 'coverage' }] : []),
          slot.chart.points.length > 0
            ? { svg: await chartSvg(slot.chart, tz), fit: [WIDTH, 215], margin: [0, 6, 0, 0] }
            : { text: 'No data to chart for this period.', style: 'description', margin: [0, 6, 0, 0] },
        ],
      };
    }),
  );

  const detail: Content[] = [
    { text: 'Figures in detail', style: 'h1', pageBreak: 'before' },
    ...data.metrics.flatMap((metric): Content[] => [
      { text: metric.label, style: 'h2', margin: [0, 10, 0, 2] },
      { text: `Covers: ${metric.coverage}`, style: 'coverage', margin: [0, 0, 0, 4] },
      metric.table.rows.length === 0
        ? { text: 'No data for this period.', style: 'description' }
        : {
            table: {
              headerRows: 1,
              dontBreakRows: true,
              widths: metric.table.columns.map((_, i) => (i === 0 ? '*' : 'auto')),
              body: [
                metric.table.columns.map((c): TableCell => ({ text: c.label, style: 'th' })),
                ...metric.table.rows.map((row) =>
                  row.map((value, i) => cell(value, metric.table.columns[i]?.unit ?? 'text', tz)),
                ),
              ],
            },
            layout: 'lightHorizontalLines',
            fontSize: 8.5,
          },
    ]),
  ];

  const doc: TDocumentDefinitions = {
    info: { title: heading.name, creator: heading.platformName, producer: heading.platformName },
    pageSize: 'A4',
    pageMargins: [40, 44, 40, 40],
    header: (page: number) =>
      page === 1
        ? null
        : {
            columns: [
              { text: heading.name, style: 'running' },
              { text: period, alignment: 'right', style: 'running' },
            ],
            margin: [40, 18, 40, 0],
          },
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `${heading.platformName} · ${heading.organization}`, style: 'running' },
        { text: `Page ${page} of ${pages}`, alignment: 'right', style: 'running' },
      ],
      margin: [40, 12, 40, 0],
    }),
    content: [...summary, ...charted, ...detail],
    styles: {
      platform: { fontSize: 10, color: GREY },
      title: { fontSize: 20, bold: true, color: INK, margin: [0, 2, 0, 2] },
      description: { fontSize: 9, color: '#374151' },
      fact: { bold: true, color: GREY },
      h1: { fontSize: 16, bold: true, color: INK },
      h2: { fontSize: 12, bold: true, color: INK, margin: [0, 0, 0, 3] },
      tileLabel: { fontSize: 8.5, bold: true, color: '#374151' },
      tileValue: { fontSize: 17, bold: true, color: INK, margin: [0, 2, 0, 1] },
      tileChange: { fontSize: 8, color: INK },
      tileDefinition: { fontSize: 7, color: GREY, margin: [0, 3, 0, 0] },
      tileNote: { fontSize: 7, bold: true, color: '#92400e', margin: [0, 2, 0, 0] },
      coverage: { fontSize: 8, color: GREY },
      note: { fontSize: 8, bold: true, color: '#92400e' },
      th: { bold: true },
      running: { fontSize: 8, color: GREY },
    },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: INK },
  };
  return loadPdfmake().createPdf(doc).getBuffer();
}

const fact = (label: string): Content => ({ text: label, style: 'fact' });
