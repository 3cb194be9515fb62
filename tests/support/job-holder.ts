/**
 * A separate process that claims one job of the `takeover` queue and holds it until it is killed: the
 * job runner's test kills it with SIGKILL to prove another instance finishes the job after the lease.
 *   node --import tsx tests/support/job-holder.ts <postgres url>
 */
import { openDatabase } from '../../server/db/client';
import { createJobRunner } from '../../server/jobs/runner';
import { TAKEOVER_QUEUE, takeoverDefinition } from './job-takeover';

const url = process.argv[2];
if (!url) throw new Error('usage: job-holder.ts <postgres url>');
const database = await openDatabase({ url });
const jobs = createJobRunner({ database, logger: { error: () => undefined, warn: () => undefined } });
await jobs.define(
  TAKEOVER_QUEUE,
  (_data, job) => {
    process.stdout.write(`claimed ${job.id}\n`);
    return new Promise<void>(() => undefined);
  },
  takeoverDefinition,
);
await jobs.start();
