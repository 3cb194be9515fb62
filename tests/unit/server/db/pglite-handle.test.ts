import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteHandle } from '../../../../server/db/pglite-handle';
import { withQueryPriority } from '../../../../server/db/priority';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the gated PGlite client', () => {
  const opened: PGlite[] = [];
  /** A new database's folder, dumped once: the later instances load it instead of running initdb again. */
  let blank: Promise<Blob> | undefined;
  const open = async () => {
    blank ??= PGlite.create().then(async (first) => {
      const dump = await first.dumpDataDir('none');
      await first.close();
      return dump;
    });
    const instance = await PGlite.create({ loadDataDir: await blank });
    opened.push(instance);
    return instance;
  };
  afterEach(async () => {
    for (const instance of opened.splice(0)) if (!instance.closed) await instance.close();
  });

  it('pauses once the calls in flight are done, and holds new calls until the pause ends', async () => {
    const handle = pgliteHandle(await open());
    const order: string[] = [];
    const release = deferred();
    const transaction = handle.client.transaction(async (tx) => {
      await tx.query('select 1');
      await release.promise;
      order.push('transaction done');
    });
    const pausing = handle.pause(async (current) => {
      order.push('paused');
      // Its own work runs on the instance itself while the gate is shut.
      await current.query('select 1');
      const held = handle.client.query('select 1').then(() => order.push('held query answered'));
      await new Promise((r) => setTimeout(r, 50));
      order.push('pause ends');
      return { next: current, result: held };
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual([]);
    release.resolve();
    await transaction;
    await await pausing;
    expect(order).toEqual(['transaction done', 'paused', 'pause ends', 'held query answered']);
  });

  it('answers for the instance that replaced the old one; listeners move and hear of it', async () => {
    const first = await open();
    await first.exec(`create table marker (name text); insert into marker values ('first')`);
    const second = await open();
    await second.exec(`create table marker (name text); insert into marker values ('second')`);
    const handle = pgliteHandle(first);
    const heard: string[] = [];
    await handle.client.listen('moved', (payload) => heard.push(payload));
    handle.onReplaced(() => heard.push('replaced'));

    await handle.pause(async (current) => {
      await current.close();
      return { next: second, result: undefined };
    });

    expect((await handle.client.query<{ name: string }>('select name from marker')).rows).toEqual([
      { name: 'second' },
    ]);
    await handle.client.query(`select pg_notify('moved', 'on the second')`);
    await expect.poll(() => heard).toEqual(['replaced', 'on the second']);
  });

  it('keeps the instance when the pause fails, and lets calls through again', async () => {
    const handle = pgliteHandle(await open());
    await expect(
      handle.pause(async () => {
        throw new Error('the copy failed');
      }),
    ).rejects.toThrow('the copy failed');
    expect((await handle.client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('takes turns by priority: a request waits for the statement running, not for the queue', async () => {
    const handle = pgliteHandle(await open());
    const order: string[] = [];
    const release = deferred();
    // The server's own work holds the connection, and more of it queues behind.
    const holding = handle.client.transaction(async () => release.promise);
    const queued = [1, 2, 3].map((n) =>
      handle.client.query('select 1').then(() => order.push(`background ${n}`)),
    );
    const search = withQueryPriority('heavy', () =>
      handle.client.query('select 1').then(() => order.push('audit search')),
    );
    const check = withQueryPriority('cheap', () =>
      handle.client.query('select 1').then(() => order.push('health check')),
    );
    await new Promise((resolve) => setImmediate(resolve));
    release.resolve();
    await Promise.all([holding, ...queued, search, check]);
    expect(order).toEqual(['health check', 'audit search', 'background 1', 'background 2', 'background 3']);
  });
});
