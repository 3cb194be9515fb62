import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateX25519Identity, identityToRecipient } from './crypto';

/**
 * The X25519 key of the archives. The private half lives apart from the backups: BACKUP_IDENTITY, or the
 * data folder's server configuration (config/backup-identity.txt, made at first use, mode 0600). Without
 * it no archive can be read, so the console offers it once for offline safekeeping.
 */
export interface BackupKey {
  identity: string;
  recipient: string;
  /** Where the identity came from: the environment, or the file. */
  source: 'environment' | 'file';
  /** The identity has not been handed out for safekeeping (never for the environment's: its owner has it). */
  pendingOffer(): Promise<boolean>;
  /** Answers the identity once, then null. */
  offerOnce(): Promise<string | null>;
}

export const KEY_FILE = path.join('config', 'backup-identity.txt');
const OFFERED_FILE = path.join('config', 'backup-identity.offered');

export async function loadBackupKey(dataFolder: string, fromEnvironment?: string): Promise<BackupKey> {
  if (fromEnvironment) {
    const identity = fromEnvironment.trim();
    return {
      identity,
      recipient: await identityToRecipient(identity),
      source: 'environment',
      pendingOffer: async () => false,
      offerOnce: async () => null,
    };
  }
  const keyFile = path.join(dataFolder, KEY_FILE);
  const offeredFile = path.join(dataFolder, OFFERED_FILE);
  let identity: string;
  try {
    identity = (await readFile(keyFile, 'utf8'))
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.startsWith('AGE-SECRET-KEY-'))!;
    if (!identity) throw new Error(`${keyFile} holds no age identity`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    identity = await generateX25519Identity();
    await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    // `wx`: two instances starting at once never overwrite each other's key.
    await writeFile(keyFile, `# Operations Console backup key (age X25519)\n${identity}\n`, {
      mode: 0o600,
      flag: 'wx',
    }).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
      identity = (await readFile(keyFile, 'utf8')).split('\n').find((l) => l.startsWith('AGE-SECRET-KEY-'))!;
    });
  }
  const offered = async () =>
    access(offeredFile).then(
      () => true,
      () => false,
    );
  return {
    identity,
    recipient: await identityToRecipient(identity),
    source: 'file',
    pendingOffer: async () => !(await offered()),
    async offerOnce() {
      try {
        await writeFile(offeredFile, new Date().toISOString(), { flag: 'wx', mode: 0o600 });
        return identity;
      } catch {
        return null;
      }
    },
  };
}
