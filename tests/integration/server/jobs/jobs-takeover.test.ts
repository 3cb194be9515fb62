/**
 * A killed instance's job is taken over (PostgreSQL only: PGlite lives inside one process, so there is no
 * second process to hold a claim on it). A child process claims the job and is killed with SIGKILL mid-run;
 * once the 2 s lease has passed, this process's runner retries it and finishes it, exactly once.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../../server/db/client';
import { JOBS_SCHEMA, createJobRunner, type JobRunner } from '../../../../server/jobs/runner';
import { testDatabases } from '../../../support/databases';
import { TAKEOVER_QUEUE, takeoverDefinition } from '../../../support/job-takeover';

const postgres = testDatabases.find((t) => t.name === 'postgres');

describe.skipIf(!postgres)('job takeover on postgres', () => {
  let database: Database;
  let jobs: JobRunner | undefined;
  beforeAll(async () => {
    if (postgres) database = await postgres.open();
  });
  afterAll(async () => {
    await jobs?.stop(1);
    await database?.close();
  });

  const stateOf = async (id: string) =>
    (
      (await database.db.execute(
        sql`select state::text, retry_count from ${sql.identifier(JOBS_SCHEMA)}.job where id = ${id}::uuid`,
      )) as { rows: { state: string; retry_count: number }[] }
    ).rows[0];

  it(
    'finishes the job of an instance killed with SIGKILL, after its lease',
    { timeout: 90_000 },
    async () => {
      if (database.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
      // The queue and the job exist before the child starts: it only has to claim it.
      const sender = createJobRunner({
        database,
        logger: { error: () => undefined, warn: () => undefined },
        work: false,
      });
      await sender.define(TAKEOVER_QUEUE, async () => undefined, takeoverDefinition);
      await sender.start();
      const id = await sender.send(TAKEOVER_QUEUE, { n: 1 });
      await sender.stop(0);
      if (!id) throw new Error('job not sent');

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/support/job-holder.ts', database.driver.url],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await vi.waitFor(() => expect(output).toContain(`claimed ${id}`), { timeout: 60_000, interval: 100 });
      child.kill('SIGKILL');
      await once(child, 'exit');
      expect(await stateOf(id)).toEqual({ state: 'active', retry_count: 0 });

      const finished: { id: string; retryCount: number }[] = [];
      jobs = createJobRunner({
        database,
        logger: { error: () => undefined, warn: () => undefined },
        superviseIntervalSeconds: 1,
      });
      await jobs.define(
        TAKEOVER_QUEUE,
        async (_data, job) => {
          finished.push({ id: job.id, retryCount: job.retryCount });
        },
        takeoverDefinition,
      );
      await jobs.start();
      await vi.waitFor(() => expect(finished).toEqual([{ id, retryCount: 1 }]), {
        timeout: 30_000,
        interval: 200,
      });
      await vi.waitFor(async () => expect(await stateOf(id)).toEqual({ state: 'completed', retry_count: 1 }));
    },
  );
});
