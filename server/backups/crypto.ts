import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { Readable, Transform, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import zlib from 'node:zlib';
import type { Compression } from './format';

export { generateX25519Identity, identityToRecipient };

export class ArchiveDecryptError extends Error {}

/** `<name>.gz.age` or `<name>.zst.age`: what to pipe `age -d` into is in the name. */
export const archiveExtension = (compression: Compression): string =>
  compression === 'zstd' ? '.zst.age' : '.gz.age';

export function compressionOf(fileName: string): Compression {
  return fileName.endsWith('.zst.age') ? 'zstd' : 'gzip';
}

/** zstd needs Node ≥ 22.15 (node:zlib); gzip is always there. */
export const zstdAvailable = (): boolean => typeof zlib.createZstdCompress === 'function';

function compressor(compression: Compression): Duplex {
  if (compression === 'zstd') {
    if (!zstdAvailable()) throw new Error('zstd compression needs Node 22.15 or later');
    return zlib.createZstdCompress();
  }
  return zlib.createGzip({ level: 6 });
}

function decompressor(compression: Compression): Duplex {
  return compression === 'zstd' ? zlib.createZstdDecompress() : zlib.createGunzip();
}

/** `source.pipe(target)` that also hands the source's error to the target (pipe alone would hang). */
function chain(source: Readable, target: Duplex): Duplex {
  source.on('error', (error) => target.destroy(error));
  return source.pipe(target);
}

const toWeb = (stream: Readable) => Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
const fromWeb = (stream: ReadableStream<Uint8Array>) => Readable.fromWeb(stream as unknown as NodeWebStream);

export interface WrittenArchive {
  size: number;
  sha256: string;
}

/**
 * Compresses and encrypts the plaintext into `<file>.part`, flushes it to disk, then renames it to `file`:
 * an archive under its real name is always whole. On any failure the `.part` file is removed.
 */
export async function writeArchiveFile(
  plaintext: AsyncIterable<Buffer>,
  file: string,
  recipient: string,
  compression: Compression,
): Promise<WrittenArchive> {
  const part = `${file}.part`;
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const compressed = chain(Readable.from(plaintext), compressor(compression));
  const encrypted = fromWeb(await encrypter.encrypt(toWeb(compressed)));
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(encrypted, measure, createWriteStream(part, { mode: 0o600 }));
    const handle = await open(part, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(part, file);
  } catch (error) {
    compressed.destroy();
    await rm(part, { force: true });
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/** The plaintext of an archive: decrypted with the identity, decompressed. */
export async function* readArchiveFile(file: string, identity: string): AsyncGenerator<Buffer> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  let decrypted: ReadableStream<Uint8Array>;
  try {
    decrypted = await decrypter.decrypt(toWeb(createReadStream(file)));
  } catch (error) {
    throw new ArchiveDecryptError(describeDecryptFailure(error));
  }
  const plain = chain(fromWeb(decrypted), decompressor(compressionOf(file)));
  try {
    for await (const chunk of plain) yield chunk as Buffer;
  } catch (error) {
    throw new ArchiveDecryptError(describeDecryptFailure(error));
  } finally {
    plain.destroy();
  }
}

function describeDecryptFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/no identity matched/i.test(message))
    return 'The backup key does not open this archive (it was encrypted for another key)';
  return `The archive is damaged and cannot be read (${message})`;
}

/** SHA-256 of a file, to compare an archive with the digest recorded when it was written. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
