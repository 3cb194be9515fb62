import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { currentQueryPriority } from '../../../../server/db/priority';
import { installQueryPriority } from '../../../../server/http/query-priority';

describe('the priority of a request’s database calls', () => {
  const app = Fastify();
  installQueryPriority(app);
  // Hooks after it (authentication, rate limits) and the handler run with the request's priority.
  app.addHook('onRequest', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
  });
  let inHook: string | undefined;
  app.addHook('preHandler', async () => {
    inHook = currentQueryPriority();
  });
  const answer = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return { priority: currentQueryPriority() };
  };
  app.get('/auth/test', answer);
  app.get('/audit-logs', answer);
  afterAll(() => app.close());

  const priorityOf = async (url: string) =>
    (await app.inject({ method: 'GET', url })).json<{ priority: string }>().priority;

  it('is cheap for an ordinary request, in its hooks and its handler', async () => {
    expect(await priorityOf('/auth/test')).toBe('cheap');
    expect(inHook).toBe('cheap');
    expect(await priorityOf('/audit-logs')).toBe('cheap');
  });

  it('is heavy for an expensive route class (an audit search)', async () => {
    expect(await priorityOf('/audit-logs?search=admin')).toBe('heavy');
    expect(inHook).toBe('heavy');
  });

  it('stays the server’s own outside requests', () => {
    expect(currentQueryPriority()).toBe('background');
  });
});
