import Conf from 'conf';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger';
import { confKeyValue, STORE_FILE_OPTIONS, type KeyValue } from './key-value';
import { quarantineIfCorrupt } from './recover';

export interface OpenStoreOptions {
  /** Directory of the store file; created 0700 when missing. */
  dir: string;
  /** File name without `.json`. */
  name?: string;
  logger: Logger;
}

/**
 * Opens a conf-backed store after moving an unreadable file aside. `create` builds the concrete
 * store (conf here, electron-store in the Electron host) from the directory and name.
 */
export function openRecoveringStore(
  options: OpenStoreOptions,
  create: (cwd: string, name: string) => Conf<Record<string, unknown>>,
): KeyValue {
  const name = options.name ?? 'config';
  ensurePrivateDir(options.dir);
  const file = path.join(options.dir, `${name}.json`);
  quarantineIfCorrupt(file, options.logger);
  const store = create(options.dir, name);
  // conf reads lazily: read once now so a file that went bad between the check and here is caught too.
  try {
    store.get('theme');
    return confKeyValue(store);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    quarantineIfCorrupt(file, options.logger);
    return confKeyValue(create(options.dir, name));
  }
}

/** The browser host's and the tests' store: plain conf in a directory of ours. */
export function openConfStore(options: OpenStoreOptions): KeyValue {
  return openRecoveringStore(
    options,
    (cwd, configName) => new Conf<Record<string, unknown>>({ cwd, configName, ...STORE_FILE_OPTIONS }),
  );
}

/** Creates the directory readable by its owner only (it holds the store, the key and the database). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}
