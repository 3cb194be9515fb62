import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_MAGIC, decodeFrames, encodeFrame, type Frame } from '../../../../server/backups/format';

const FRAMES: Frame[] = [
  {
    kind: 'H',
    header: {
      format: 1,
      schemaVersion: '1:0',
      createdAt: '2026-03-02T09:00:00.000Z',
      engine: 'pglite',
      type: 'full',
    },
  },
  { kind: 'T', table: { name: 'children', columns: ['id', 'name'], mode: 'whole' } },
  { kind: 'D', data: Buffer.from('1\tAda\n2\tGrace\n') },
  // A PGlite backup writes one data frame per COPY batch: megabytes, arriving in many small chunks.
  { kind: 'D', data: Buffer.alloc(3 * 1024 * 1024 + 17, '3\tAlan\n') },
  { kind: 'D', data: Buffer.alloc(0) },
  {
    kind: 'E',
    summary: {
      name: 'children',
      mode: 'whole',
      rows: 2,
      checksum: '0',
      expectedRows: 2,
      expectedChecksum: '0',
    },
  },
  { kind: 'M', manifest: { tables: [], sequences: [], rows: 2 } },
];
const PLAINTEXT = Buffer.concat([ARCHIVE_MAGIC, ...FRAMES.map(encodeFrame)]);

/** The plaintext cut at the given offsets, as a decompressor would hand it over. */
async function* cut(bytes: Buffer, offsets: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const to of [...offsets.sort((a, b) => a - b), bytes.length]) {
    yield bytes.subarray(from, to);
    from = to;
  }
}

/** The decoded frames encoded again (compared as bytes: a deep comparison of megabytes is slow). */
async function decode(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const frames: Frame[] = [];
  for await (const frame of decodeFrames(chunks)) frames.push(frame);
  expect(frames.map((f) => f.kind)).toEqual(FRAMES.map((f) => f.kind));
  return Buffer.concat([ARCHIVE_MAGIC, ...frames.map(encodeFrame)]);
}

describe('decodeFrames', () => {
  it('gives back the same frames however the plaintext is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: PLAINTEXT.length }), { maxLength: 40 }),
        async (offsets) => {
          expect(await decode(cut(PLAINTEXT, offsets))).toSatisfy((bytes: Buffer) => bytes.equals(PLAINTEXT));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('decodes a large frame delivered in 16 KiB chunks', async () => {
    const offsets = Array.from({ length: Math.floor(PLAINTEXT.length / 16384) }, (_, i) => (i + 1) * 16384);
    expect(await decode(cut(PLAINTEXT, offsets))).toSatisfy((bytes: Buffer) => bytes.equals(PLAINTEXT));
  });

  it('refuses a truncated archive and a file that is not an archive', async () => {
    await expect(decode(cut(PLAINTEXT.subarray(0, PLAINTEXT.length - 1), [100]))).rejects.toThrow(
      'The backup archive is truncated',
    );
    await expect(decode(cut(ARCHIVE_MAGIC.subarray(0, 5), []))).rejects.toThrow(
      'The backup archive is truncated',
    );
    await expect(decode(cut(Buffer.from('PK\u0003\u0004 not an archive at all'), [2]))).rejects.toThrow(
      'This file is not a console backup archive',
    );
  });
});
