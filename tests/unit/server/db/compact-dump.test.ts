/**
 * The WAL a database dump keeps (server/db/snapshot.ts, compactDump): the current segment alone, cut
 * after its own pages (a page's header names the WAL position it is for), in a ustar archive that still
 * checks (sizes, checksums).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lsnPosition, withOnlyCurrentWal, type WalSegment } from '../../../../server/db/snapshot';
import { ustarEntries } from '../../../../server/db/snapshot-files';

const PAGE = 8192;
const SEGMENT = 16 * PAGE;

/** A ustar member as tar(1) writes it: checksum and magic included, so that tar(1) can list the result. */
const entry = (name: string, body: Buffer) => {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'latin1');
  header.write('0000600\0', 100, 'latin1');
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  header.write('00000000000\0', 136, 'latin1');
  header.write('0', 156, 'latin1');
  header.write('ustar\x0000', 257, 'latin1');
  header.fill(' ', 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return Buffer.concat([header, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
};

/**
 * Segment `number` (of 16 pages, in the first 4 GiB "log") whose first `used` pages are its own (their
 * header names their position), then `stale` pages of a segment it was recycled from, then zeros.
 */
const segment = (number: number, used: number, stale = 0) => {
  const body = Buffer.alloc(SEGMENT);
  for (let page = 0; page < used + stale; page++) {
    const owner = page < used ? number : number - 2;
    body.writeBigUInt64LE(BigInt(owner * SEGMENT + page * PAGE), page * PAGE + 8);
    body[page * PAGE + 100] = page + 1;
  }
  return body;
};

const listed = (tar: Buffer) => [...ustarEntries(tar)].map(({ name, body }) => ({ name, size: body.length }));

describe('a dump keeps only the WAL it needs', () => {
  const name = '000000010000000000000003';
  // Written up to the middle of its third page.
  const keep: WalSegment = { name, start: BigInt(3 * SEGMENT), written: BigInt(3 * SEGMENT + 2.5 * PAGE) };
  const tar = Buffer.concat([
    entry('/PG_VERSION', Buffer.from('18\n')),
    entry('/pg_wal/000000010000000000000002', segment(2, 16)),
    entry(`/pg_wal/${name}`, segment(3, 3, 5)),
    entry('/pg_wal/000000010000000000000004', segment(4, 16)),
    entry('/pg_wal/archive_status/x', Buffer.alloc(0)),
    entry('/base/5/1234', Buffer.from('data')),
    Buffer.alloc(1024),
  ]);

  it('drops the other segments and cuts the current one after its own pages', () => {
    const compact = withOnlyCurrentWal(tar, keep);
    expect(listed(compact)).toEqual([
      { name: '/PG_VERSION', size: 3 },
      { name: `/pg_wal/${name}`, size: 3 * PAGE },
      { name: '/pg_wal/archive_status/x', size: 0 },
      { name: '/base/5/1234', size: 4 },
    ]);
    const wal = [...ustarEntries(compact)].find((member) => member.name.endsWith(name))!;
    expect(wal.body.equals(segment(3, 3).subarray(0, 3 * PAGE))).toBe(true);
  });

  it('writes an archive tar(1) reads: the new size under a checksum that holds', () => {
    const listing = spawnSync('tar', ['-tvf', '-'], { input: withOnlyCurrentWal(tar, keep) });
    expect(listing.stderr.toString()).not.toMatch(/checksum|error/i);
    expect(listing.status).toBe(0);
    expect(listing.stdout.toString()).toMatch(new RegExp(`${3 * PAGE} \\S+ \\S+ /?pg_wal/${name}`));
  });

  it('refuses to cut before the WAL written: a dump without its last records would not open', () => {
    const ahead = { ...keep, written: BigInt(3 * SEGMENT + 4 * PAGE) };
    expect(() => withOnlyCurrentWal(tar, ahead)).toThrow(/ends before the WAL written/);
  });

  it('reads a WAL position as PostgreSQL writes it', () => {
    expect(lsnPosition('0/1A3B000')).toBe(0x1a3b000n);
    expect(lsnPosition('16/B374D848')).toBe(0x16_b374d848n);
    expect(() => lsnPosition('B374D848')).toThrow(/not a WAL position/);
  });

  it('keeps the whole segment when the WAL written ends exactly at its end', () => {
    const full = Buffer.concat([entry(`/pg_wal/${name}`, segment(3, 16)), Buffer.alloc(1024)]);
    const atEnd = { ...keep, written: BigInt(4 * SEGMENT) };
    expect(listed(withOnlyCurrentWal(full, atEnd))).toEqual([{ name: `/pg_wal/${name}`, size: SEGMENT }]);
  });

  it('keeps a file shorter than a segment as far as its own pages go', () => {
    const short = segment(3, 3).subarray(0, 3 * PAGE);
    const tarOf = Buffer.concat([entry(`/pg_wal/${name}`, short), Buffer.alloc(1024)]);
    expect(listed(withOnlyCurrentWal(tarOf, keep))).toEqual([{ name: `/pg_wal/${name}`, size: 3 * PAGE }]);
  });
});
