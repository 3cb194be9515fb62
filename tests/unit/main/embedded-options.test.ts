import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleConfig } from '../../../main/core/config';
import { startEmbeddedServer, type StartServerOptions } from '../../../main/core/server/embedded';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const config = (over: Partial<ConsoleConfig> = {}): ConsoleConfig => ({
  gatewayUrl: undefined,
  organizationApiUrl: undefined,
  databaseUrl: undefined,
  seedDemo: true,
  embeddedServer: true,
  launchSecret: undefined,
  ...over,
});

describe('the embedded server’s folders', () => {
  let dataDir: string;
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** What the host asks the server for: the options it starts it with. */
  async function optionsFor(consoleConfig: ConsoleConfig): Promise<StartServerOptions> {
    dataDir = await mkdtemp(path.join(tmpdir(), 'console-embedded-'));
    let asked: StartServerOptions | undefined;
    await startEmbeddedServer(
      consoleConfig,
      { dataDir },
      async (options) => {
        asked = options;
        return { url: 'http://127.0.0.1:1', close: async () => undefined };
      },
      quiet,
    );
    return asked!;
  }

  it('keeps PGlite in database/ and names the app’s data folder for backups and keys', async () => {
    const options = await optionsFor(config());
    expect(options.dataDir).toBe(path.join(dataDir, 'database'));
    expect(options.dataFolder).toBe(dataDir);
  });

  it('names the app’s data folder on PostgreSQL too', async () => {
    const options = await optionsFor(config({ databaseUrl: 'postgres://db.example/console' }));
    expect(options.dataDir).toBeUndefined();
    expect(options.dataFolder).toBe(dataDir);
  });
});
