import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HTTP_BRIDGE } from '../../shared/bridge/contract';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` a URL path names, or null when it would leave `root` (`..`, encoded
 * slashes, NUL) or is not a regular file. Only files inside the renderer build are ever served.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = path.resolve(root);
  const file = path.resolve(base, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== base && !file.startsWith(base + path.sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** The precompressed copies the build writes next to a file (scripts/build.mjs), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type ContentEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** The content codings an Accept-Encoding header allows (a `q=0` one is refused). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.toLowerCase().split(';');
    const name = coding?.trim();
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name);
  }
  return accepted;
}

/**
 * A static file's bytes as the browser takes them: its precompressed brotli or gzip copy when the
 * request accepts it and the build made one, else the file itself. Served uncompressed, the sign-in
 * screen's scripts were about four times the bytes on the wire.
 */
export async function readForEncodings(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: ContentEncoding | null }> {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (!accepted.has(encoding)) continue;
    const body = await readFile(`${file}${suffix}`).catch(() => null);
    if (body) return { body, encoding };
  }
  return { body: await readFile(file), encoding: null };
}

/**
 * index.html with the bridge script first in <head>, so `window.consoleApi` exists before the app runs.
 * Deferred: it still runs before the app's module script (deferred scripts and module scripts run in
 * document order), but no longer holds the parser, so the app's files are fetched alongside it.
 */
export function injectBridgeScript(html: string): string {
  const tag = `<script defer src="${HTTP_BRIDGE.script}"></script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${tag}\n${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${tag}${html.slice(at)}`;
}

export async function readIndexHtml(rendererDir: string): Promise<string | null> {
  try {
    return injectBridgeScript(await readFile(path.join(rendererDir, 'index.html'), 'utf8'));
  } catch {
    return null;
  }
}

/** Pages the host answers itself. Plain, no scripts: they are shown before any trust is set up. */
export function plainPage(title: string, text: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(text)}</p></body></html>`;
}
