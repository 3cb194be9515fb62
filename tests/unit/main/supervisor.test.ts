import { describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../../main/core/logger';
import type { RunningServer } from '../../../main/core/server/embedded';
import { superviseEmbeddedServer, type EmbeddedServerStatus } from '../../../main/core/server/supervisor';

/** A server whose death the test decides (the real thread's is in tests/integration/main/embedded-restart). */
function server(url: string) {
  const exits = new Set<(error: Error) => void>();
  const running: RunningServer & { die(): void } = {
    url,
    onExit: (listener) => {
      exits.add(listener);
      return () => exits.delete(listener);
    },
    close: vi.fn(async () => undefined),
    die: () => {
      for (const listener of exits) listener(new Error('thread ended'));
    },
  };
  return running;
}

describe('the embedded server supervisor', () => {
  it('restarts a server that died; calls meanwhile wait for the new one', async () => {
    const servers = [server('http://127.0.0.1:1'), server('http://127.0.0.1:2')];
    let started = 0;
    const statuses: EmbeddedServerStatus[] = [];
    const supervisor = superviseEmbeddedServer({
      start: async () => servers[started++]!,
      logger: createMemoryLogger(),
      onStatus: (status) => statuses.push(status),
      delays: [0],
    });
    await supervisor.first;
    servers[0]!.die();
    expect(supervisor.status().state).toBe('restarting');
    expect((await supervisor.current()).url).toBe('http://127.0.0.1:2');
    expect(statuses).toEqual([
      { state: 'running', restarts: 0 },
      { state: 'restarting', restarts: 0 },
      { state: 'running', restarts: 1 },
    ]);
    await supervisor.close();
    expect(servers[1]!.close).toHaveBeenCalledOnce();
  });

  it('gives up after its bounded attempts, and says so', async () => {
    const first = server('http://127.0.0.1:1');
    let attempts = 0;
    const logger = createMemoryLogger();
    const supervisor = superviseEmbeddedServer({
      start: async () => {
        attempts += 1;
        if (attempts === 1) return first;
        throw new Error('port exhausted');
      },
      logger,
      delays: [0, 1, 2],
    });
    await supervisor.first;
    first.die();
    await expect(supervisor.current()).rejects.toThrow('could not be restarted after 3 attempts');
    expect(attempts).toBe(4);
    expect(supervisor.status()).toEqual({ state: 'failed', restarts: 0 });
    expect(
      logger.lines.filter((line) => line.includes('Restarting the embedded server failed')),
    ).toHaveLength(3);
    await supervisor.close();
  });

  it('counts the attempts again once a restarted server stayed up', async () => {
    let clock = 0;
    const made: ReturnType<typeof server>[] = [];
    const supervisor = superviseEmbeddedServer({
      start: async () => {
        const next = server(`http://127.0.0.1:${made.length + 1}`);
        made.push(next);
        return next;
      },
      logger: createMemoryLogger(),
      delays: [0],
      now: () => clock,
    });
    await supervisor.first;
    for (let death = 0; death < 3; death++) {
      clock += 61_000;
      made.at(-1)!.die();
      await supervisor.current();
    }
    expect(supervisor.status()).toEqual({ state: 'running', restarts: 3 });
    await supervisor.close();
  });
});
