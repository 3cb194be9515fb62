/**
 * A server of the bench in a process of its own (the production entry, `dist/server/cli.js`, or the bare
 * route), as the measuring guide asks: one process for load, server and baseline would cap them at the
 * same CPU. Also what a fresh demo server does on its own right after it answers, which a measurement
 * must wait out: the demo's first-start reports.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { DEMO_REPORTS_DELAY_MS } from '../server/config';
import { DEMO_PASSWORD } from '../server/seed/demo-users';

export const CLI = path.resolve('dist/server/cli.js');
/** What the production entry prints when it listens. */
export const CLI_LISTENING = /listening on (http:\/\/\S+)/;

export interface ServerProcess {
  url: string;
  pid: number;
  /** performance.now() when it printed its URL. */
  listenedAt: number;
  /** Ends it with SIGTERM (a profile asked for is written) and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * `BENCH_PIN=1`: the servers run on the first core and the load generator on the second (`taskset`), so that
 * neither waits for the other's core and a wake-up of one does not land on the core the other is using.
 * Answers the command and arguments that run `node args` so.
 */
export function pinned(role: 'server' | 'load', args: readonly string[]): [string, string[]] {
  if (!process.env.BENCH_PIN) return [process.execPath, [...args]];
  return ['taskset', ['--cpu-list', role === 'server' ? '0' : '1', process.execPath, ...args]];
}

/** A node process that prints its URL when it listens. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  listening: RegExp,
): Promise<ServerProcess> {
  const child = spawn(...pinned('server', args), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = listening.exec(output);
      if (found?.[1]) resolve(found[1].replace(/\/$/, ''));
    });
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited (${code}) before listening`)));
  });
  return {
    url,
    pid: child.pid!,
    listenedAt: performance.now(),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The demo's administrator's token. */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  const answer = (await response.json()) as { data?: { token?: string } };
  if (!answer.data?.token) throw new Error(`sign-in failed: ${response.status}`);
  return answer.data.token;
}

/** Rendering the demo's reports takes ~20 s on this machine; past this the bench stops and says so. */
const DEMO_REPORTS_WAIT_MS = 300_000;

/**
 * Waits until the demo's first-start reports were started (DEMO_REPORTS_DELAY_MS after the server
 * answered) and none of them is running any more: seconds of PDFs and sheets on the server's thread and
 * PGlite that would otherwise fall inside what is measured.
 */
export async function demoReportsRendered(
  url: string,
  headers: Record<string, string>,
  listenedAt: number,
): Promise<void> {
  const due = listenedAt + DEMO_REPORTS_DELAY_MS + 1_000;
  for (;;) {
    if (performance.now() > due + DEMO_REPORTS_WAIT_MS)
      throw new Error(
        `the demo reports were still rendering ${DEMO_REPORTS_WAIT_MS / 1000} s after they began`,
      );
    await new Promise((resolve) => setTimeout(resolve, Math.max(500, due - performance.now())));
    const reply = await fetch(`${url}/reports`, { headers, signal: AbortSignal.timeout(10_000) });
    const answer = (await reply.json()) as {
      data?: { reports: { status: string }[] };
    };
    if (!answer.data) throw new Error('GET /reports failed');
    if (performance.now() >= due && answer.data.reports.every((r) => r.status !== 'running')) return;
  }
}
