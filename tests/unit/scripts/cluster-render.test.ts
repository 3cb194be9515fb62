/**
 * The deploy/ templates and their renderer (scripts/cluster/render.mjs): one source for the production
 * recipe and the local cluster of `npm run cluster`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOY, TEMPLATES, parseEnvFile, placeholders, render } from '../../../scripts/cluster/render.mjs';

describe('the deploy templates', () => {
  it('fill placeholders, and repeat an instance line once per instance', () => {
    const text = 'bind {{BIND}}\n    server console{{INSTANCE_N}} {{INSTANCE_ADDRESS}} check\nend';
    expect(
      render(text, { BIND: ':80' }, [
        { INSTANCE_ADDRESS: '10.0.0.1:4001' },
        { INSTANCE_ADDRESS: '10.0.0.2:4001' },
      ]),
    ).toBe('bind :80\n    server console1 10.0.0.1:4001 check\n    server console2 10.0.0.2:4001 check\nend');
  });

  it('refuse a placeholder without a value, naming it', () => {
    expect(() => render('listen_port = {{PGBOUNCER_PORT}}', {})).toThrow('No value for {{PGBOUNCER_PORT}}');
    expect(() => render('server {{INSTANCE_ADDRESS}}', {}, [{}])).toThrow('{{INSTANCE_ADDRESS}}');
  });

  it('document every placeholder they use in deploy/README.md', () => {
    const readme = readFileSync(path.join(DEPLOY, 'README.md'), 'utf8');
    const used = TEMPLATES.flatMap((name) => placeholders(readFileSync(path.join(DEPLOY, name), 'utf8')));
    expect(used.length).toBeGreaterThan(15);
    expect([...new Set(used)].filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('give the instances the environment systemd would read', () => {
    const env = parseEnvFile('# a comment\nDATABASE_URL=postgres://x\n\n  LOG_LEVEL=info  \n#OFF=1\n');
    expect(env).toEqual({ DATABASE_URL: 'postgres://x', LOG_LEVEL: 'info' });
  });
});
