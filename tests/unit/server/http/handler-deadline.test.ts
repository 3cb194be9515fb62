import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installHandlerDeadline } from '../../../../server/http/handler-deadline';

const TIMEOUT_MS = 200;

describe('the handler deadline', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
  });

  async function serve(): Promise<string> {
    app = Fastify({ logger: false, forceCloseConnections: true });
    installHandlerDeadline(app, TIMEOUT_MS);
    app.get('/hangs', () => new Promise(() => {}));
    app.get('/quick', async () => ({ ok: true }));
    app.get('/begins-then-hangs', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      reply.raw.write('partial');
      reply.hijack();
    });
    return app.listen({ host: '127.0.0.1', port: 0 });
  }

  it('answers a handler that never ends 503, not before its timeout, within a sweep after it', async () => {
    const url = await serve();
    const started = performance.now();
    const answer = await fetch(`${url}/hangs`);
    const waited = performance.now() - started;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: 'FST_ERR_HANDLER_TIMEOUT' });
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(waited).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('leaves requests that end in time alone, however many', async () => {
    const url = await serve();
    const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${url}/quick`)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
    expect((await fetch(`${url}/quick`)).status).toBe(200);
  });

  it('leaves an answer taken over by its handler (a stream) alone', async () => {
    const url = await serve();
    const answer = await fetch(`${url}/begins-then-hangs`);
    expect(answer.status).toBe(200);
    const reader = answer.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('partial');
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
    // Still open: no error, nothing more.
    const next = await Promise.race([
      reader.read().then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('open'), 100)),
    ]);
    expect(next).toBe('open');
    await reader.cancel();
  });
});
