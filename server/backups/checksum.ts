import { hash } from 'node:crypto';

const NEWLINE = 0x0a;
const TWO_32 = 2 ** 32;

/**
 * A table's checksum over its rows in COPY text form: the sum, modulo 2^64, of the first 8 bytes of each
 * row's SHA-256. A sum does not depend on the order of the rows (two engines, or a restored table, hand
 * them back in another order), counts a duplicate twice, and adds up: the checksum of rows appended since
 * an earlier backup plus that backup's checksum is the checksum of the whole table.
 */
export class RowChecksum {
  rows = 0;
  private lo = 0;
  private hi = 0;
  private carry: Buffer | undefined;

  /** Feeds a chunk of COPY text; rows may straddle chunks (COPY escapes newlines inside values). */
  update(chunk: Buffer): void {
    let start = 0;
    let data = chunk;
    if (this.carry) {
      data = Buffer.concat([this.carry, chunk]);
      this.carry = undefined;
    }
    for (let end = data.indexOf(NEWLINE, start); end !== -1; end = data.indexOf(NEWLINE, start)) {
      this.addRow(data.subarray(start, end));
      start = end + 1;
    }
    if (start < data.length) this.carry = Buffer.from(data.subarray(start));
  }

  private addRow(row: Buffer): void {
    // The one-shot hash: a Hash object per row was the backup's largest cost in JavaScript.
    const digest = hash('sha256', row, 'buffer');
    this.lo += digest.readUInt32LE(0);
    this.hi += digest.readUInt32LE(4);
    this.rows++;
    // Doubles hold integers to 2^53: fold the low word's overflow in long before that.
    if ((this.rows & 0xfff) === 0) this.normalise();
  }

  private normalise(): void {
    this.hi = (this.hi + Math.floor(this.lo / TWO_32)) % TWO_32;
    this.lo %= TWO_32;
  }

  /** The checksum as 16 hex digits. */
  digest(): string {
    if (this.carry) throw new Error('COPY data ended inside a row');
    this.normalise();
    return hex64(this.hi, this.lo);
  }
}

function hex64(hi: number, lo: number): string {
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** The checksum of two disjoint sets of rows together (a base archive's table and the rows appended since). */
export function addChecksums(a: string, b: string): string {
  return ((BigInt(`0x${a}`) + BigInt(`0x${b}`)) % 2n ** 64n).toString(16).padStart(16, '0');
}
