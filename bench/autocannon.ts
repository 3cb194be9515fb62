import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { pinned } from './server-process';

const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');

/** What autocannon's --json prints, as far as the benches read it. */
export interface AutocannonResult {
  latency: { p99: number };
  requests: { average: number; total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/**
 * autocannon in its own process (its command-line arguments, `--json` added), so that the load generator
 * does not share the CPU of the process that measures, or of the server.
 */
export async function runAutocannon(args: readonly string[]): Promise<AutocannonResult> {
  const child = spawn(...pinned('load', [AUTOCANNON, '--json', ...args]), {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await once(child, 'exit');
  return JSON.parse(output) as AutocannonResult;
}
