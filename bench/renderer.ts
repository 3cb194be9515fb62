import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './run';

const DIST = 'dist/renderer';

/** The JavaScript the login page needs before it can draw: entry script and its modulepreloads, gzipped. */
export async function measureInitialJs(): Promise<BenchResult[]> {
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  let gzip = 0;
  for (const src of srcs) gzip += gzipSync(await readFile(path.join(DIST, src))).length;
  return [
    {
      name: 'renderer initial JS (gzip)',
      value: gzip / 1024,
      unit: 'KB',
      target: { max: 200 },
      detail: `${srcs.length} files`,
    },
  ];
}
