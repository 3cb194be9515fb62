/**
 * The repository explains itself: every "part N §M" a comment cites is a section of docs/requirements,
 * and every document the README, the configuration or the code names exists. The references were written
 * against specification documents that are not in the repository; docs/ restates them under the same
 * numbering, and this test keeps the two from drifting apart. The documents also describe the code as built:
 * no part of them may claim to be unbuilt or in progress, and every repository path docs/architecture.md names
 * exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
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

/** Top-level folders of ours whose paths a document may name. */
const ROOTED = /^(?:server|renderer|main|shared|preload|tests|scripts|bench)\//;
/** Written by a run, not kept in the repository: named as what a run makes. */
const GENERATED = ['bench/results/'];

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`; one brace group is all the documents use. */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  const [group, alternatives = ''] = match;
  return alternatives.split(',').flatMap((alt) => expandBraces(path.replace(group, alt)));
}

/**
 * The repository paths named in backticks (`server/http/edge.ts`, `tests/component/`), brace lists expanded.
 * A placeholder (`server/<group>/routes.ts`) or a glob (`server/*\/routes.ts`) names no one file: skipped.
 */
function namedPaths(text: string, file = ''): { where: string; path: string }[] {
  return [...text.matchAll(/`([^`\s]+)`/g)].flatMap((m) => {
    const named = m[1] ?? '';
    if (!ROOTED.test(named) || /[<>*]/.test(named)) return [];
    const where = `${file}:${lineOf(text, m.index)}`;
    return expandBraces(named).map((path) => ({ where, path }));
  });
}

/**
 * Words that say a part of a document is not built yet or still in progress, across line breaks: "(being
 * added, issue 10)", "Being changed (issue 10):", "not built yet", "(to build)", "in progress on its branch".
 */
const UNBUILT = [
  /\(being\s+(?:added|changed|replaced)\b/gi,
  /\bbeing\s+(?:added|changed|replaced)\s*[(,]\s*issue\b/gi,
  /\bnot\s+(?:built\s+yet|yet\s+built)\b/gi,
  /\bto\s+build\)/gi,
  /\bin\s+progress\s+on\s+(?:its|their)\s+branch/gi,
];

/** Where a text claims a part is unbuilt or in progress: "line: words". */
function unbuiltClaims(text: string, file = ''): string[] {
  return UNBUILT.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m) => `${file}:${lineOf(text, m.index)}: ${m[0].replace(/\s+/g, ' ')}`),
  );
}

describe('the documents describe the code as built', () => {
  const docs = files.filter((file) => rel(file).startsWith(`docs${sep}`) && extname(file) === '.md');
  const architecture = join(ROOT, 'docs/architecture.md');

  it('reads the paths a document names, skipping placeholders and globs', () => {
    const named = (text: string) => namedPaths(text).map((n) => n.path);
    expect(named('`server/http/edge.ts` and `renderer/` in `main`')).toEqual([
      'server/http/edge.ts',
      'renderer/',
    ]);
    expect(named('`tests/unit/{shared,server}` then `x/{a,b}`')).toEqual([
      'tests/unit/shared',
      'tests/unit/server',
    ]);
    expect(named('`server/<group>/routes.ts`, `server/*/routes.ts`, `shared/api/<group>.ts`')).toEqual([]);
  });

  it('flags what claims to be unbuilt or in progress, also across a line break', () => {
    const flagged = (text: string) => unbuiltClaims(text).length > 0;
    expect(flagged('Jobs (being added, issue 10)')).toBe(true);
    expect(flagged('parts marked **(being\nadded, issue 10)** are')).toBe(true);
    expect(flagged('**Being changed (issue 10):** the bell')).toBe(true);
    expect(flagged('3 (being replaced by the real count, issue 10)')).toBe(true);
    expect(flagged('### System Health — not built\nyet')).toBe(true);
    expect(flagged('**As built (to build):** each does')).toBe(true);
    expect(flagged('are in progress on their branches')).toBe(true);
    expect(flagged('**As built** (issue 12): the transitions really happen; a restore in progress')).toBe(
      false,
    );
  });

  it('no document in docs/ says a part is "being added" or "not built yet": each says what is built, as built', () => {
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.flatMap((file) => unbuiltClaims(read(file), rel(file)))).toEqual([]);
  });

  it('every repository path docs/architecture.md names in backticks exists, as built', () => {
    const named = namedPaths(read(architecture), rel(architecture));
    expect(named.length).toBeGreaterThan(0);
    const missing = named
      .filter(({ path }) => !GENERATED.some((prefix) => path.startsWith(prefix)))
      .filter(({ path }) => !existsSync(join(ROOT, path)))
      .map(({ where, path }) => `${where}: ${path}`);
    expect(missing).toEqual([]);
  });
});
