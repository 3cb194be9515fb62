/**
 * The report libraries load with the first report, not with the server (issue 29: a first launch answers
 * within 3 s): exceljs, pdfmake, vega and vega-lite took seconds to load on a busy machine (3.2 s, 1.7 s,
 * 1.7 s and 1.2 s measured), paid by every start and every test that builds an app. Loaded for real in a
 * child process that records every package the server's modules import.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPORT_LIBRARIES = ['exceljs', 'pdfmake', 'vega', 'vega-lite'];

const SCRIPT = `
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    if (!specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('node:') && !specifier.startsWith('file:'))
      seen.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    return next(specifier, context);
  },
});
await import(process.argv[1]);
await import(process.argv[2]);
process.stdout.write(JSON.stringify([...seen]));
`;

describe('the report libraries', () => {
  it('are not loaded by starting the server, only by the first report', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        SCRIPT,
        path.resolve('server/start.ts'),
        path.resolve('server/reports/generate.ts'),
      ],
      { maxBuffer: 1 << 20 },
    );
    const loaded = JSON.parse(stdout) as string[];
    // The check sees packages at all: the server's own dependencies are there.
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', 'pg-boss']));
    expect(loaded.filter((name) => REPORT_LIBRARIES.includes(name))).toEqual([]);
  });
});
