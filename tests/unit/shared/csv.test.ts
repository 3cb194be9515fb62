/**
 * The CSV writer: RFC 4180 quoting (any string round-trips through a real CSV parser) and formula
 * neutralisation (no cell starts with = + - @ tab or CR); the JSON helper and its streamed form.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvLine,
  neutraliseFormula,
  prettyJsonArray,
  toCsv,
  toPrettyJson,
} from '../../../shared/csv';

const FORMULA = /^[=+\-@\t\r]/;
const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: false, bom: false });

describe('CSV writer', () => {
  it('any strings round-trip through a CSV parser (neutralised cells keep their text after the apostrophe)', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), {
            minLength: 1,
            maxLength: 8,
          })
          .filter((rows) => rows.every((r) => r.length === rows[0]!.length)),
        (rows) => {
          const text = rows.map((r) => csvLine(r)).join('');
          expect(parseCsv(text)).toEqual(rows.map((r) => r.map(neutraliseFormula)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('no parsed cell starts with a formula character', () => {
    const risky = fc
      .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string())
      .map(([start, rest]) => start + rest);
    fc.assert(
      fc.property(fc.array(fc.oneof(risky, fc.string()), { minLength: 1, maxLength: 6 }), (cells) => {
        const [parsed] = parseCsv(csvLine(cells));
        for (const cell of parsed ?? []) expect(cell).not.toMatch(FORMULA);
      }),
      { numRuns: 500 },
    );
  });

  it('quotes commas, quotes and newlines, and neutralises formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(new Date('2026-03-02T09:00:00.000Z'))).toBe('2026-03-02T09:00:00.000Z');
  });

  it('writes a header line, then one CRLF-terminated line per row', () => {
    const text = toCsv(
      [
        { header: 'name', value: (r: { n: string; v: number }) => r.n },
        { header: 'value', value: (r: { n: string; v: number }) => r.v },
      ],
      [
        { n: 'a', v: 1 },
        { n: 'b,c', v: 2 },
      ],
    );
    expect(text).toBe('name,value\r\na,1\r\n"b,c",2\r\n');
  });
});

describe('JSON helper', () => {
  it('pretty-prints with two spaces', () => {
    expect(toPrettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('the streamed pieces equal the whole pretty JSON of any array', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 6 }), (items) => {
        const empty = items.length === 0;
        let text = prettyJsonArray.open(empty);
        items.forEach((item, i) => (text += prettyJsonArray.item(item, i === 0)));
        text += prettyJsonArray.close(empty);
        expect(text).toBe(toPrettyJson(items));
      }),
      { numRuns: 300 },
    );
  });
});
