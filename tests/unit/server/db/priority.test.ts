import { describe, expect, it } from 'vitest';
import {
  STARVATION_BOUND,
  createTurns,
  currentQueryPriority,
  withQueryPriority,
  type QueryPriority,
} from '../../../../server/db/priority';

/** Queues callers behind a held turn and answers the order in which they get it. */
async function orderOfTurns(callers: QueryPriority[]): Promise<string[]> {
  const turns = createTurns();
  await turns.acquire('background');
  const order: string[] = [];
  const waiting = callers.map((priority, index) =>
    turns.acquire(priority).then(() => {
      order.push(`${priority}${index}`);
      turns.release();
    }),
  );
  turns.release();
  await Promise.all(waiting);
  return order;
}

describe('turns on the one connection', () => {
  it('gives the first caller the turn at once and hands it on in arrival order within a class', async () => {
    const turns = createTurns();
    await turns.acquire('background');
    expect(turns.waiting()).toEqual({ cheap: 0, heavy: 0, background: 0 });
    expect(await orderOfTurns(['background', 'background', 'background'])).toEqual([
      'background0',
      'background1',
      'background2',
    ]);
  });

  it('serves cheap requests before expensive ones, and both before the server’s own work', async () => {
    expect(await orderOfTurns(['background', 'heavy', 'cheap', 'background', 'cheap', 'heavy'])).toEqual([
      'cheap2',
      'cheap4',
      'heavy1',
      'heavy5',
      'background0',
      'background3',
    ]);
  });

  it('never starves the lower classes: one of them goes after every STARVATION_BOUND turns passed over', async () => {
    const callers: QueryPriority[] = ['background', ...Array<QueryPriority>(20).fill('cheap')];
    const order = await orderOfTurns(callers);
    expect(order.indexOf('background0')).toBe(STARVATION_BOUND);
  });

  it('frees the connection when nobody waits, so the next caller goes at once', async () => {
    const turns = createTurns();
    await turns.acquire('cheap');
    turns.release();
    let got = false;
    void turns.acquire('background').then(() => (got = true));
    await Promise.resolve();
    expect(got).toBe(true);
  });
});

describe('the priority of running code', () => {
  it('is the server’s own outside any request, and follows the work a request starts', async () => {
    expect(currentQueryPriority()).toBe('background');
    await withQueryPriority('cheap', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentQueryPriority()).toBe('cheap');
      await withQueryPriority('heavy', async () => expect(currentQueryPriority()).toBe('heavy'));
      expect(currentQueryPriority()).toBe('cheap');
    });
    expect(currentQueryPriority()).toBe('background');
  });
});
