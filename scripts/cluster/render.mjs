// The files of deploy/ are templates: `{{NAME}}` placeholders, filled here both for the local cluster
// (scripts/cluster/cluster.mjs) and for production (`npm run cluster -- render`), so both read one source.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy');

/** The templates, by the name of the file each becomes. */
export const TEMPLATES = ['haproxy.cfg', 'pgbouncer.ini', 'postgresql.conf', 'console.env'];

const PLACEHOLDER = /\{\{([A-Z0-9_]+)\}\}/g;

/**
 * Fills a template. A line naming an `INSTANCE_…` placeholder is written once per entry of `instances`
 * (with `INSTANCE_N`, 1-based, and that entry's values); any placeholder without a value is an error, so
 * a template and its values never drift apart silently.
 */
export function render(template, values, instances = []) {
  const fill = (line, own) =>
    line.replace(PLACEHOLDER, (_match, name) => {
      const value = own[name] ?? values[name];
      if (value === undefined) throw new Error(`No value for {{${name}}}`);
      return String(value);
    });
  return template
    .split('\n')
    .flatMap((line) =>
      /\{\{INSTANCE_[A-Z0-9_]+\}\}/.test(line)
        ? instances.map((instance, index) => fill(line, { INSTANCE_N: index + 1, ...instance }))
        : [fill(line, {})],
    )
    .join('\n');
}

/** The placeholders a template names (INSTANCE_… apart), for the render command's check. */
export function placeholders(template) {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]))].filter(
    (name) => !name.startsWith('INSTANCE_'),
  );
}

export function renderTemplate(name, values, instances) {
  return render(readFileSync(path.join(DEPLOY, name), 'utf8'), values, instances);
}

/** `KEY=value` lines (comments and blanks skipped), as systemd's EnvironmentFile reads them. */
export function parseEnvFile(text) {
  const env = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match && !line.trimStart().startsWith('#')) env[match[1]] = match[2].trim();
  }
  return env;
}
