/**
 * Integration Management end to end: the console (browser host) talks to a server this test starts with
 * the test-only outbound allowance, so that a webhook may point at the sink the test runs on loopback.
 * Add a webhook integration, Sync Now delivers a ping the standardwebhooks verifier accepts, the Webhook
 * Events tab lists it; generate an API key, call the API with it, revoke it, and the call is refused.
 */
import { Webhook } from 'standardwebhooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { startHost, type RunningHost } from '../support/browser-host';
import { startWebhookSink, type WebhookSink } from '../support/webhook-sink';
import { DEMO, expect, openScreen, signInAs, test } from './fixtures';

test.describe('integrations', () => {
  let server: { url: string; child: ChildProcess };
  let sink: WebhookSink;
  let host: RunningHost;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    sink = await startWebhookSink();
    server = await startOutboundServer();
  });
  test.afterAll(async () => {
    await host?.stop();
    server?.child.kill('SIGTERM');
    await sink?.close();
  });

  test('a webhook that delivers a verified ping, and an API key that stops working when revoked', async ({
    page,
    dataDir,
  }) => {
    test.setTimeout(240_000);
    host = await startHost(dataDir, { env: { CONSOLE_GATEWAY_URL: server.url }, waitForServer: false });
    await signInAs(page, host, DEMO.admin);
    await openScreen(page, 'Integration Management');
    // The demo's endpoints are there from the start, disabled (they call no one).
    await expect(page.getByRole('row').filter({ hasText: 'Billing system (demo)' })).toContainText(
      'Inactive',
    );

    await page.getByRole('button', { name: 'Add Integration' }).click();
    const add = page.getByRole('dialog', { name: 'Add Integration' });
    await add.getByLabel('Name').fill('E2E sink');
    await add.getByLabel('Endpoint URL').fill(sink.at('/e2e'));
    await add.getByRole('button', { name: 'Add Integration' }).click();
    const secret = await add.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await add.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'E2E sink' }).click();
    await page.getByRole('button', { name: 'Sync Now' }).click();
    await expect(page.getByText(/Ping delivered: 204/)).toBeVisible();
    const ping = sink.received.at(-1)!;
    expect(new Webhook(secret).verify(ping.body, ping.headers as Record<string, string>)).toMatchObject({
      type: 'ping',
    });

    await page.getByRole('tab', { name: 'Webhook Events' }).click();
    await page.getByRole('button', { name: 'Refresh webhook events' }).click();
    const row = page.getByRole('row').filter({ hasText: 'E2E sink' }).first();
    await expect(row).toContainText('ping');
    await expect(row).toContainText('Success');

    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate Key' });
    await generate.getByLabel('Name').fill('E2E key');
    await generate.getByLabel('system.view_health').check();
    await generate.getByRole('button', { name: 'Generate Key' }).click();
    const key = await generate.getByLabel('Your new API key (shown only now)').inputValue();
    expect(key).toMatch(/^opc_/);
    await generate.getByRole('button', { name: 'Done' }).click();

    const queues = () => fetch(`${server.url}/jobs/queues`, { headers: { authorization: `Bearer ${key}` } });
    expect((await queues()).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke E2E key' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'E2E key' })).toContainText('Revoked');
    const refused = await queues();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('The API key has been revoked');
  });
});

/** tests/support/outbound-server.ts in its own process (the e2e project does not build server code). */
function startOutboundServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/outbound-server.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}
