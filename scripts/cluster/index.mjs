// `npm run cluster -- up [--instances N] [--synchronous] [--dir DIR]`: the console as a cluster on this
// machine (scripts/cluster/cluster.mjs); prints `balancer http://127.0.0.1:PORT` and one
// `instance N pid PID http://127.0.0.1:PORT` per instance once everything answers.
// `npm run cluster -- down [--dir DIR]`: stops and removes it. `status`: the same lines while it runs.
// `npm run cluster -- render --values FILE --out DIR [--instances HOST:PORT,…]`: the deploy/ templates
// filled for production (FILE holds NAME=value lines, one per placeholder).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DIR, SetupError, describe, downSync, isAlive, readState, up } from './cluster.mjs';
import { TEMPLATES, parseEnvFile, renderTemplate } from './render.mjs';

const USAGE =
  'usage: npm run cluster -- up [--instances N] [--synchronous] [--dir DIR] | down [--dir DIR] | status [--dir DIR] | render --values FILE --out DIR --instances HOST:PORT,…';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    instances: { type: 'string' },
    dir: { type: 'string' },
    synchronous: { type: 'boolean', default: false },
    values: { type: 'string' },
    out: { type: 'string' },
  },
});
const command = positionals[0];
const dir = flags.dir ? path.resolve(flags.dir) : DEFAULT_DIR;
const progress = (line) => console.error(`cluster: ${line}`);

try {
  if (command === 'up') {
    const state = await up({
      instances: flags.instances === undefined ? 2 : Number(flags.instances),
      dir,
      synchronous: flags.synchronous,
      log: progress,
    });
    for (const line of describe(state)) console.log(line);
  } else if (command === 'down') {
    console.error(
      downSync(dir) ? `cluster: stopped and removed ${dir}` : `cluster: nothing running in ${dir}`,
    );
  } else if (command === 'status') {
    const state = readState(dir);
    if (!state?.balancer) {
      console.error(`cluster: nothing running in ${dir}`);
      process.exit(1);
    }
    for (const line of describe(state)) console.log(line);
    const dead = state.processes.filter((proc) => !isAlive(proc.pid)).map((proc) => proc.name);
    if (dead.length > 0) console.error(`cluster: not running: ${dead.join(', ')}`);
  } else if (command === 'render') {
    if (!flags.values || !flags.out || !flags.instances) throw new Error(USAGE);
    const values = parseEnvFile(readFileSync(flags.values, 'utf8'));
    const instances = flags.instances.split(',').map((address) => ({ INSTANCE_ADDRESS: address.trim() }));
    // All rendered before any is written: a missing value leaves no half-filled set behind.
    const rendered = TEMPLATES.map((name) => [name, renderTemplate(name, values, instances)]);
    mkdirSync(flags.out, { recursive: true });
    for (const [name, text] of rendered) {
      writeFileSync(path.join(flags.out, name), text, { mode: 0o600 });
      console.error(`cluster: wrote ${path.join(flags.out, name)}`);
    }
  } else {
    console.error(USAGE);
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof SetupError ? error.message : `cluster: ${error.message}`);
  process.exit(1);
}
