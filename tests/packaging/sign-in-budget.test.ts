import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// What the sign-in screen loads before its form works, read from the build (issue 18): the entry
// chunk and everything it imports statically (the browser fetches those up front, by modulepreload
// or import), plus the browser host's /bridge.js. Lazy screens and the signed-in shell are not in it.
// Expects `npm run build` to have run (npm test does it first).
const RENDERER = 'dist/renderer';
const BRIDGE = 'dist/preload/bridge.js';
const BUDGET = { files: 4, gzipKb: 150 } as const;

const manifestChunk = z.object({
  file: z.string(),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
});
type ManifestChunk = z.infer<typeof manifestChunk>;

function readManifest(): Record<string, ManifestChunk> {
  const file = path.join(RENDERER, '.vite', 'manifest.json');
  expect(existsSync(file), 'run `npm run build` first').toBe(true);
  return z.record(z.string(), manifestChunk).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The entry and its static imports, transitively: the chunks loaded before the app's first render. */
function signInChunks(manifest: Record<string, ManifestChunk>): ManifestChunk[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  expect(entry, 'the manifest names an entry').toBeDefined();
  const seen = new Set<string>();
  const pending = [entry!];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return [...seen].map((key) => manifest[key]!);
}

const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

describe('the sign-in screen budget', () => {
  const manifest = readManifest();
  const chunks = signInChunks(manifest);
  const files = [...chunks.map((c) => path.join(RENDERER, c.file)), BRIDGE];

  it(`loads at most ${BUDGET.files} script files, ${BUDGET.gzipKb} KB gzip, the bridge script included`, () => {
    const sizes = files.map((file) => ({ file, kb: gzipBytes(file) / 1024 }));
    const total = sizes.reduce((sum, s) => sum + s.kb, 0);
    const listing = sizes.map((s) => `${s.file} ${s.kb.toFixed(1)} KB`).join(', ');
    expect(files.length, listing).toBeLessThanOrEqual(BUDGET.files);
    expect(total, listing).toBeLessThanOrEqual(BUDGET.gzipKb);
  });

  it("holds no screen's code: screens and the signed-in shell stay behind dynamic imports", () => {
    for (const chunk of chunks) expect(chunk.isDynamicEntry, chunk.file).not.toBe(true);
    const entry = chunks.find((c) => c.isEntry)!;
    expect(entry.dynamicImports).toEqual(
      expect.arrayContaining(['app/layout/AppLayout.tsx', 'features/dashboard/DashboardPage.tsx']),
    );
  });

  it('keeps the schema library out of the page: /bridge.js only forwards', () => {
    const bridge = readFileSync(BRIDGE, 'utf8');
    // zod's own error texts, present in any bundle of it.
    expect(bridge).not.toMatch(/Invalid input|ZodError|\$ZodType/);
    expect(gzipBytes(BRIDGE) / 1024).toBeLessThan(5);
  });

  it('ships the precompressed copies the browser host serves', () => {
    for (const file of files) {
      expect(existsSync(`${file}.br`), `${file}.br`).toBe(true);
      expect(existsSync(`${file}.gz`), `${file}.gz`).toBe(true);
    }
  });
});
