import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReportData } from '../../shared/api/reports';
import { chartSvg } from './chart';
import { formatValue } from './format';
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
const pdfmake = require('pdfmake') as PdfMake;
const fontsFile = require.resolve('pdfmake/fonts/Roboto.js');
const fontsDir = path.dirname(fontsFile);
pdfmake.setFonts(require(fontsFile) as Record<string, Record<string, string>>);
// The document is ours, but a value is data: no URL is ever fetched, only pdfmake's own fonts are read.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file: string) => path.resolve(file).startsWith(fontsDir + path.sep));

/**
 * The report as a PDF: a cover with the period and filters, then one section per metric with its value,
 * definition, chart (SVG, vega-lite) and table; tables repeat their header row on each page they cross.
 * Each page carries the platform's name and its number.
 */
export async function renderPdf(heading: ReportHeading, data: ReportData): Promise<Buffer> {
  const sections: Content[] = [];
  // Several dashboard figures share one series (the 12-month revenue): each distinct chart is drawn once.
  const charts = new Map<string, Promise<string>>();
  const svgOf = (chart: ReportData['metrics'][number]['chart']) => {
    const key = JSON.stringify(chart);
    let svg = charts.get(key);
    if (!svg) charts.set(key, (svg = chartSvg(chart)));
    return svg;
  };
  for (const metric of data.metrics) {
    sections.push(
      { text: metric.label, style: 'h2', pageBreak: 'before' },
      { text: formatValue(metric.value, metric.unit), style: 'value' },
      { text: metric.definition, style: 'definition' },
      { text: `Covers: ${metric.coverage}`, style: 'coverage' },
      ...(metric.note ? [{ text: metric.note, style: 'note' }] : []),
    );
    if (metric.chart.points.length > 0) {
      sections.push({ svg: await svgOf(metric.chart), width: 480, margin: [0, 6, 0, 10] });
    }
    sections.push(
      metric.table.rows.length === 0
        ? { text: 'No data for this period.', style: 'definition' }
        : {
            table: {
              headerRows: 1,
              dontBreakRows: true,
              widths: metric.table.columns.map((_, i) => (i === 0 ? '*' : 'auto')),
              body: [
                metric.table.columns.map((c): TableCell => ({ text: c.label, style: 'th' })),
                ...metric.table.rows.map((row) =>
                  row.map((cell, i) => {
                    const unit = metric.table.columns[i]?.unit ?? 'text';
                    const numeric = typeof cell === 'number';
                    const out: TableCell = {
                      text: formatValue(cell, unit),
                      alignment: numeric ? 'right' : 'left',
                    };
                    return out;
                  }),
                ),
              ],
            },
            layout: 'lightHorizontalLines',
            fontSize: 9,
          },
    );
  }

  const doc: TDocumentDefinitions = {
    info: { title: heading.name, creator: heading.platformName, producer: heading.platformName },
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    header: (page: number) =>
      page === 1 ? null : { text: heading.platformName, margin: [40, 20, 40, 0], style: 'running' },
    footer: (page: number, pages: number) => ({
      columns: [
        { text: heading.platformName, style: 'running' },
        { text: `Page ${page} of ${pages}`, alignment: 'right', style: 'running' },
      ],
      margin: [40, 10, 40, 0],
    }),
    content: [
      { text: heading.platformName, style: 'platform' },
      { text: heading.name, style: 'title' },
      ...(heading.description ? [{ text: heading.description, style: 'definition' }] : []),
      {
        table: {
          widths: [130, '*'],
          body: [
            [
              'Period',
              `${data.period.label} (${data.period.from.slice(0, 10)} to ${data.period.to.slice(0, 10)})`,
            ],
            ['Organization', heading.organization],
            ['Plan', heading.plan],
            ['Type', heading.type],
            ['Generated', `${heading.generatedAt} (${heading.timezone})`],
            ['Created by', heading.createdBy],
            ['Metrics', data.metrics.map((m) => m.label).join(', ')],
          ],
        },
        layout: 'noBorders',
        margin: [0, 20, 0, 0],
      },
      ...sections,
    ],
    styles: {
      platform: { fontSize: 12, color: '#4b5563' },
      title: { fontSize: 22, bold: true, margin: [0, 4, 0, 8] },
      h2: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      value: { fontSize: 20, bold: true, margin: [0, 2, 0, 4] },
      definition: { fontSize: 9, color: '#374151' },
      coverage: { fontSize: 8, color: '#6b7280', margin: [0, 2, 0, 0] },
      note: { fontSize: 8, bold: true, color: '#92400e', margin: [0, 2, 0, 0] },
      th: { bold: true },
      running: { fontSize: 8, color: '#6b7280' },
    },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
  };
  return pdfmake.createPdf(doc).getBuffer();
}
