/**
 * The repository explains itself: every "part N §M" a comment cites is a section of docs/requirements,
 * and every document the README, the configuration or the code names exists. The references were written
 * against specification documents that are not in the repository; docs/ restates them under the same
 * numbering, and this test keeps the two from drifting apart.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REQUIREMENTS = join(ROOT, 'docs', 'requirements');
/** Generated, installed or recorded output: not ours to read. */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'release',
  'out',
  '.data',
  'coverage',
  'test-results',
  'test-reports',
  'playwright-report',
]);
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.md',
  '.sql',
  '.yml',
  '.yaml',
  '.sh',
]);

/** Repository files that may carry a reference; symlinks (the shared node_modules) are not followed. */
function sourceFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name)) ? [path] : [];
  });
}

interface Citation {
  where: string;
  part: number;
  section: number;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** "part 1 §4", "Part 2 §2, §6", "part 1 §2/§9", "part 2 §3–§6" (a range): each section cited. */
function citationsIn(text: string, file = ''): Citation[] {
  const found: Citation[] = [];
  for (const match of text.matchAll(/\bpart ([12]) (§\d+(?:\s*(?:,|\/|–|-|and)\s*§\d+)*)/gi)) {
    const part = Number(match[1]);
    const where = `${file}:${lineOf(text, match.index)}`;
    let previous = 0;
    for (const [, dash, digits] of (match[2] ?? '').matchAll(/([–-]?)\s*§(\d+)/g)) {
      const section = Number(digits);
      const first = dash ? previous + 1 : section;
      for (let s = first; s <= section; s++) found.push({ where, part, section: s });
      previous = section;
    }
  }
  return found;
}

/** The requirements file of a part and the numbers of its "## §N Title" headings, in order. */
function requirementSections(part: number): { file: string; sections: number[] } {
  const files = readdirSync(REQUIREMENTS).filter(
    (name) => name.startsWith(`part-${part}-`) && name.endsWith('.md'),
  );
  expect(files, `exactly one docs/requirements/part-${part}-….md`).toHaveLength(1);
  const file = join(REQUIREMENTS, files[0] ?? '');
  const text = readFileSync(file, 'utf8');
  const sections = [...text.matchAll(/^## §(\d+) \S/gm)].map((m) => Number(m[1]));
  return { file, sections };
}

const files = sourceFiles();
const read = (file: string) => readFileSync(file, 'utf8');
const rel = (file: string) => relative(ROOT, file);

describe('references to the requirements (docs/requirements)', () => {
  it('reads lists and ranges of sections', () => {
    const cited = (text: string) => citationsIn(text).map((c) => `${c.part}.${c.section}`);
    expect(cited('the shell (Part 1 §2) and its constants (part 1 §9)')).toEqual(['1.2', '1.9']);
    expect(cited('part 2 §2, §5, §6 and part 1 §2/§9')).toEqual(['2.2', '2.5', '2.6', '1.2', '1.9']);
    expect(cited('part 2 §3–§6')).toEqual(['2.3', '2.4', '2.5', '2.6']);
    expect(cited('part 3 §1, apart 1 §2')).toEqual([]);
  });

  it('each part has one file whose sections are §1, §2, … in order', () => {
    for (const part of [1, 2]) {
      const { sections } = requirementSections(part);
      expect(sections.length).toBeGreaterThan(0);
      expect(sections).toEqual(sections.map((_, i) => i + 1));
    }
  });

  it('every "part N §M" cited in the repository is a section of its requirements file', () => {
    const headings = new Map([1, 2].map((part) => [part, new Set(requirementSections(part).sections)]));
    const citations = files.flatMap((file) => citationsIn(read(file), rel(file)));
    expect(citations.length).toBeGreaterThan(0);
    const missing = citations
      .filter((c) => !headings.get(c.part)?.has(c.section))
      .map((c) => `${c.where}: part ${c.part} §${c.section}`);
    expect(missing).toEqual([]);
  });
});

describe('links to documents', () => {
  const markdown = files.filter((file) => extname(file) === '.md');

  it('every relative link in the README and docs/ points at a file that exists', () => {
    const broken = markdown.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => (m[1] ?? '').split('#')[0] ?? '')
        .filter((target) => target !== '' && !/^[a-z]+:/i.test(target))
        .filter((target) => !existsSync(resolve(dirname(file), target)))
        .map((target) => `${rel(file)} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('every document the code and configuration name exists', () => {
    const named = files
      .filter((file) => extname(file) !== '.md')
      .flatMap((file) =>
        [...read(file).matchAll(/(?<![\w./-])((?:[\w-]+\/)*[\w.-]+\.md)\b/g)].map((m) => ({
          file,
          target: m[1] ?? '',
        })),
      );
    const missing = named
      .filter(
        ({ file, target }) => !existsSync(join(ROOT, target)) && !existsSync(resolve(dirname(file), target)),
      )
      .map(({ file, target }) => `${rel(file)} → ${target}`);
    expect(missing).toEqual([]);
  });

  it('the README and the lint configuration point into docs/', () => {
    for (const file of ['README.md', 'eslint.config.js']) {
      const targets = [...read(join(ROOT, file)).matchAll(/(?<![\w./-])(docs\/[\w./-]*\.md)/g)].map(
        (m) => m[1],
      );
      expect(targets.length, `${file} names a document in docs/`).toBeGreaterThan(0);
    }
  });
});
