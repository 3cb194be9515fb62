/**
 * Puts one of the build's snapshots (the demo's or the empty one: a gzipped ustar archive of a PGlite data
 * directory) into a new data folder with Node's own zlib and fs, before PGlite opens it. PGlite's
 * `loadDataDir` does the same through its in-WASM file system, a second of the server thread on a first
 * launch; here the gunzip and the writes run on libuv's pool, so the thread meanwhile loads the server's
 * modules (issue 29: a fast first launch). Imports nothing but Node, so that server/worker.ts can start it
 * before loading the rest.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const gunzipAsync = promisify(gunzip);
/** Written last: until it is there, the folder holds no database and a next start extracts again. */
const VERSION_FILE = 'PG_VERSION';

export const USTAR_BLOCK = 512;
/** Files of the snapshot written at once (libuv's pool has 4 threads; more keeps them busy). */
const EXTRACT_WRITERS = 16;

/** One member of a ustar archive: its name, type flag, body, and where its blocks end in the archive. */
export interface UstarEntry {
  name: string;
  type: string;
  body: Buffer;
  start: number;
  end: number;
}

/** The members of a ustar archive (the format PGlite dumps), up to its closing zero block. */
export function* ustarEntries(tar: Buffer): Generator<UstarEntry> {
  let offset = 0;
  while (offset + USTAR_BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + USTAR_BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = offset + USTAR_BLOCK + Math.ceil(size / USTAR_BLOCK) * USTAR_BLOCK;
    yield {
      name,
      type: field(156, 1),
      body: tar.subarray(offset + USTAR_BLOCK, offset + USTAR_BLOCK + size),
      start: offset,
      end,
    };
    offset = end;
  }
}

/** Whether `dataDir` holds no database yet (and no swap of a restore is pending beside it). */
export function isNewDataFolder(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, VERSION_FILE)) && !existsSync(`${dataDir}.swap.json`);
}

/**
 * Extracts `file` into `dataDir` if the folder holds no database yet and the file exists; answers whether
 * it did. An extraction cut short (a crash) leaves no PG_VERSION, so the next start extracts again.
 */
export async function extractSnapshot(file: string, dataDir: string): Promise<boolean> {
  if (!isNewDataFolder(dataDir) || !existsSync(file)) return false;
  const tar = await gunzipAsync(await readFile(file));
  let versionFile: { target: string; body: Buffer } | undefined;
  const root = path.resolve(dataDir);
  const folders = new Set<string>();
  const files: { target: string; body: Buffer }[] = [];
  for (const { name, type, body } of ustarEntries(tar)) {
    const target = path.resolve(root, `.${path.posix.sep}${name}`);
    // The archive is the build's own, but a name never leaves the folder.
    if (target !== root && !target.startsWith(root + path.sep)) {
      throw new Error(`The database snapshot names a file outside its folder: ${name}`);
    }
    if (type === '5') {
      folders.add(target);
    } else if (type === '0' || type === '') {
      folders.add(path.dirname(target));
      if (path.relative(root, target) === VERSION_FILE) versionFile = { target, body };
      else files.push({ target, body });
    }
  }
  if (!versionFile) throw new Error(`The database snapshot ${file} holds no ${VERSION_FILE}`);
  // A parent sorts before its children. The folders are few; the ~1,400 files are written
  // EXTRACT_WRITERS at a time: one after the other, each waiting for its own trip to libuv's pool, they
  // took 3.4 s of a first launch, against 0.4 s so.
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true, mode: 0o700 });
  let next = 0;
  const writer = async () => {
    while (next < files.length) {
      const { target, body } = files[next++]!;
      await writeFile(target, body, { mode: 0o600 });
    }
  };
  await Promise.all(Array.from({ length: EXTRACT_WRITERS }, writer));
  await writeFile(versionFile.target, versionFile.body, { mode: 0o600 });
  return true;
}
