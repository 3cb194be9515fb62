import { eq } from 'drizzle-orm';
import { constants } from 'node:fs';
import { access, mkdir, readdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_TYPES, type BackupType, type StorageLocation } from '../../shared/api/backups';
import type { Db } from '../db/client';
import { backupLocations } from '../db/schema';
import { archiveExtension } from './crypto';
import type { Compression } from './format';

export type LocationRow = typeof backupLocations.$inferSelect;

export const DEFAULT_LOCATION_NAME = 'Local backups';

export async function locationById(db: Db, id: string): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(backupLocations).where(eq(backupLocations.id, id));
  return row;
}

/** A folder registered as a storage location, with the figures of its first check. */
export async function insertLocation(
  db: Db,
  name: string,
  folder: string,
  check: LocationCheck,
  at: Date,
): Promise<LocationRow> {
  const [row] = await db
    .insert(backupLocations)
    .values({ name, path: folder, ...check, lastCheck: at })
    .returning();
  return row!;
}

/**
 * The data folder's backups/ folder, registered once. `registered` is true for the one call (of any
 * instance) that registered it: the database's first start of backups, a new install.
 *
 * `follow`: the database lives in this data folder (PGlite), so the default location is this folder's
 * backups/ wherever the folder is now. A data folder moved or copied elsewhere (a copy started beside the
 * original, a folder restored from a file backup) would otherwise go on writing into the old folder's
 * backups/ — beside the original's server, which removes the `.part` files it does not know as its own
 * (`cleanPartFiles`). `movedFrom` is the path the location had before. On PostgreSQL the instances share
 * the database and each has its own data folder: the location stays where it was registered.
 */
export async function ensureDefaultLocation(
  db: Db,
  dataFolder: string,
  { follow = false }: { follow?: boolean } = {},
): Promise<{ location: LocationRow; registered: boolean; movedFrom?: string }> {
  const folder = path.join(dataFolder, 'backups');
  const [existing] = await db.select().from(backupLocations).where(eq(backupLocations.isDefault, true));
  if (existing && (!follow || existing.path === folder)) return { location: existing, registered: false };
  await mkdir(folder, { recursive: true, mode: 0o700 });
  if (existing) {
    const [moved] = await db
      .update(backupLocations)
      .set({ path: folder })
      .where(eq(backupLocations.id, existing.id))
      .returning();
    return { location: moved!, registered: false, movedFrom: existing.path };
  }
  const inserted = await db
    .insert(backupLocations)
    .values({ name: DEFAULT_LOCATION_NAME, path: folder, isDefault: true })
    .onConflictDoNothing()
    .returning({ id: backupLocations.id });
  const [row] = await db.select().from(backupLocations).where(eq(backupLocations.isDefault, true));
  if (!row) throw new Error('The default backup location could not be registered');
  return { location: row, registered: inserted.length > 0 };
}

export interface LocationCheck {
  status: LocationRow['status'];
  statusReason: string | null;
  capacity: number;
  used: number;
  available: number;
}

/** statfs of the folder: capacity, used and available; offline when it is gone, error when unwritable. */
export async function inspectLocation(folder: string): Promise<LocationCheck> {
  const empty = { capacity: 0, used: 0, available: 0 };
  try {
    const info = await stat(folder);
    if (!info.isDirectory()) return { status: 'error', statusReason: `${folder} is not a folder`, ...empty };
  } catch {
    return { status: 'offline', statusReason: `${folder} is not there (unmounted or removed)`, ...empty };
  }
  try {
    await access(folder, constants.W_OK);
  } catch {
    return { status: 'error', statusReason: `${folder} cannot be written to`, ...empty };
  }
  const fs = await statfs(folder);
  const capacity = fs.blocks * fs.bsize;
  return {
    status: 'online',
    statusReason: null,
    capacity,
    used: capacity - fs.bfree * fs.bsize,
    available: fs.bavail * fs.bsize,
  };
}

export async function checkLocation(db: Db, location: LocationRow, now: Date): Promise<LocationRow> {
  // A location an administrator set to maintenance keeps that status; its figures are still read.
  const check = await inspectLocation(location.path);
  const status =
    location.status === 'maintenance' && check.status === 'online' ? 'maintenance' : check.status;
  const [row] = await db
    .update(backupLocations)
    .set({ ...check, status, lastCheck: now })
    .where(eq(backupLocations.id, location.id))
    .returning();
  return row ?? location;
}

/** An archive's name: when, what and which run, then the compression (`console-2026-…-full-1a2b3c4d.gz.age`). */
export function archiveFileName(
  startedAt: Date,
  type: BackupType,
  runId: string,
  compression: Compression,
): string {
  return `console-${startedAt.toISOString().replace(/[:.]/g, '-')}-${type}-${runId.slice(0, 8)}${archiveExtension(compression)}`;
}

/** The unfinished archive of one of our runs, and nothing else a shared folder may hold. */
const OWN_PART_FILE = new RegExp(
  `^console-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z-(${BACKUP_TYPES.join('|')})-[0-9a-f]{8}\\.(gz|zst)\\.age\\.part$`,
);

/**
 * Removes the unfinished archives (`.part`) a killed backup of ours left in a folder, but those of backups
 * still writing; answers how many. A storage location may be a share other programs write to too (issue
 * 25): only files named as our archives are, are ever removed.
 *
 * `stillWriting` answers the `.part` names of the backups still writing, and is asked after the folder is
 * listed: a run is recorded before its file is made, so a file listed here whose backup is writing it is
 * named by the runs read after. Read the other way round, a backup that started in between lost its file
 * halfway (seen in e2e: ENOENT at the archive's flush).
 */
export async function cleanPartFiles(
  folder: string,
  stillWriting: () => Promise<ReadonlySet<string>>,
): Promise<number> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
    OWN_PART_FILE.test(name),
  );
  if (names.length === 0) return 0;
  const keep = await stillWriting();
  let removed = 0;
  for (const name of names) {
    if (keep.has(name)) continue;
    await rm(path.join(folder, name), { force: true });
    removed++;
  }
  return removed;
}

export function toStorageLocation(row: LocationRow): StorageLocation {
  return {
    id: row.id,
    name: row.name,
    type: 'local',
    provider: row.isDefault ? 'Data folder' : 'Local folder',
    path: row.path,
    isDefault: row.isDefault,
    capacity: row.capacity,
    used: row.used,
    available: row.available,
    status: row.status,
    statusReason: row.statusReason,
    lastCheck: row.lastCheck?.toISOString() ?? null,
  };
}
