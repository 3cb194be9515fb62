/**
 * The archive's plaintext: a magic line, then frames of [kind: 1 byte][length: uint32 BE][payload].
 *   H header (JSON)  T table start (JSON)  D COPY text  E table end (JSON)  M manifest (JSON, last)
 * The plaintext is compressed (gzip or zstd), then encrypted with age; an archive is `age -d | gunzip`.
 */
import type { SequenceState } from './catalogue';

export const ARCHIVE_MAGIC = Buffer.from('OPS-CONSOLE-BACKUP 1\n');
export const ARCHIVE_FORMAT = 1;

export type BackupType = 'full' | 'incremental' | 'differential';
export type Compression = 'gzip' | 'zstd';

export interface ArchiveHeader {
  format: number;
  schemaVersion: string;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  type: BackupType;
  /** Incremental and differential: the archive whose state this one continues. */
  base?: { runId: string; fileName: string };
}

export interface TableStart {
  name: string;
  columns: string[];
  /** `whole`: the table's rows replace the table; `append`: rows after the base's `after` key are added. */
  mode: 'whole' | 'append';
  /** For `append`: the key column and the base's last value of it. */
  appendKey?: { column: string; after: string };
}

export interface TableSummary {
  name: string;
  mode: 'whole' | 'append';
  /** Rows in the archive. */
  rows: number;
  checksum: string;
  /** The table after the restore (for `append`, the base's rows plus these). */
  expectedRows: number;
  expectedChecksum: string;
  /** For `append`: the last key value in the table at the backup, where the next incremental starts. */
  lastKey?: string;
  /**
   * For `append`: keys at or below `lastKey` that the backup's snapshot did not see while another
   * transaction was open (PostgreSQL hands out keys before commit, so such a transaction may still add
   * them). The next archive takes these keys too, until no transaction open then can still be running.
   */
  openKeys?: OpenKeys[];
}

/** A range of keys a backup did not see; `xmax` is the xid8 of its snapshot's end when first seen. */
export interface OpenKeys {
  from: string;
  to: string;
  xmax: string;
}

export interface ArchiveManifest {
  tables: TableSummary[];
  sequences: SequenceState[];
  rows: number;
}

export type Frame =
  | { kind: 'H'; header: ArchiveHeader }
  | { kind: 'T'; table: TableStart }
  | { kind: 'D'; data: Buffer }
  | { kind: 'E'; summary: TableSummary }
  | { kind: 'M'; manifest: ArchiveManifest };

/** A data frame's 5-byte head: the COPY text follows as it is, without copying it into one buffer. */
export function dataFrameHead(length: number): Buffer {
  const head = Buffer.allocUnsafe(5);
  head.write('D', 0, 'latin1');
  head.writeUInt32BE(length, 1);
  return head;
}

export function encodeFrame(frame: Frame): Buffer {
  const payload =
    frame.kind === 'D'
      ? frame.data
      : Buffer.from(
          JSON.stringify(
            frame.kind === 'H'
              ? frame.header
              : frame.kind === 'T'
                ? frame.table
                : frame.kind === 'E'
                  ? frame.summary
                  : frame.manifest,
          ),
        );
  const head = Buffer.alloc(5);
  head.write(frame.kind, 0, 'latin1');
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

export class ArchiveFormatError extends Error {}

/** Splits the decompressed plaintext back into frames; throws on anything that is not an archive. */
export async function* decodeFrames(chunks: AsyncIterable<Buffer>): AsyncGenerator<Frame> {
  // Chunks wait in a list until the next step's bytes are all there: joining them on every chunk copied
  // a large frame (a PGlite backup writes one per COPY batch, megabytes) once per small decompressed chunk.
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  let needed = ARCHIVE_MAGIC.length;
  let magicSeen = false;
  for await (const chunk of chunks) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < needed) continue;
    let buffer = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending.length = 0;
    if (!magicSeen) {
      if (!buffer.subarray(0, ARCHIVE_MAGIC.length).equals(ARCHIVE_MAGIC))
        throw new ArchiveFormatError('This file is not a console backup archive');
      buffer = buffer.subarray(ARCHIVE_MAGIC.length);
      magicSeen = true;
    }
    while (buffer.length >= 5) {
      const length = buffer.readUInt32BE(1);
      if (buffer.length < 5 + length) break;
      const kind = buffer.toString('latin1', 0, 1);
      const payload = buffer.subarray(5, 5 + length);
      buffer = buffer.subarray(5 + length);
      yield parseFrame(kind, payload);
    }
    needed = buffer.length >= 5 ? 5 + buffer.readUInt32BE(1) : 5;
    pendingBytes = buffer.length;
    if (pendingBytes > 0) pending.push(buffer);
  }
  if (!magicSeen || pendingBytes > 0) throw new ArchiveFormatError('The backup archive is truncated');
}

function parseFrame(kind: string, payload: Buffer): Frame {
  if (kind === 'D') return { kind, data: Buffer.from(payload) };
  const json: unknown = JSON.parse(payload.toString('utf8'));
  switch (kind) {
    case 'H':
      return { kind, header: json as ArchiveHeader };
    case 'T':
      return { kind, table: json as TableStart };
    case 'E':
      return { kind, summary: json as TableSummary };
    case 'M':
      return { kind, manifest: json as ArchiveManifest };
    default:
      throw new ArchiveFormatError(`Unknown frame '${kind}' in the backup archive`);
  }
}
