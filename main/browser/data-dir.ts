import os from 'node:os';
import path from 'node:path';

export const DATA_DIR_NAME = 'ops-console';

/**
 * The browser host's data directory (store, key file, embedded database): CONSOLE_DATA_DIR, else
 * the user's data directory of the platform (XDG on Linux, Application Support on macOS, APPDATA on
 * Windows) + `ops-console`.
 */
export function defaultDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  const explicit = env.CONSOLE_DATA_DIR?.trim();
  if (explicit) return path.resolve(explicit);
  if (platform === 'win32')
    return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), DATA_DIR_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', DATA_DIR_NAME);
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), DATA_DIR_NAME);
}

/** PORT: default 5180, 0 picks a free port. */
export function portFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be 0-65535, not ${JSON.stringify(value)}`);
  return port;
}
