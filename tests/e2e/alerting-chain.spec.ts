import type { Page } from '@playwright/test';
import type { RuleInput, RuleState } from '../../shared/alerting';
import {
  embeddedServerUrl,
  LAUNCH_SECRET_HEADERS,
  startHost,
  type RunningHost,
} from '../support/browser-host';
import { startSmtpSink } from '../support/smtp-sink';
import { DEMO, expect, openScreen, signInAs, test } from './fixtures';

/**
 * The whole alerting chain (issue 12) on a host of its own, started with the test builds' fault switch
 * (CONSOLE_TEST_FAULTS=1, rules evaluated every 5 s) and SMTP_URL naming a sink this test runs: a latency
 * rule on one route, the server made slow on purpose → the rule goes pending, then firing → the banner,
 * the bell and the recorded tray notification show it, the sink receives the "[FIRING]" mail → it is
 * acknowledged with a comment in Alert Management → the server is fast again → it resolves, and the
 * "[RESOLVED]" mail arrives. The rule watches the route the test itself calls, so that the console's
 * own requests (and a busy machine) cannot fire it.
 */
const RULE_NAME = 'Slow API (e2e)';
const ROUTE = '/auth/test';
const THRESHOLD_MS = 1_000;
const DELAY_MS = 1_500;
const RECIPIENT = 'oncall@e2e.example';
/** The interval holding slow requests must leave the rule's 1-minute window: at most a minute more. */
const RESOLVE_TIMEOUT_MS = 100_000;

interface ShellRecord {
  notifications: { title: string; body: string; priority: string }[];
}

/** Calls the page's bridge (a forwarded endpoint) and answers its value. */
async function bridge<T>(page: Page, channel: string, input?: unknown): Promise<T> {
  const result = await page.evaluate(
    ([name, payload]) =>
      (window.consoleApi as unknown as Record<string, (i: unknown) => Promise<unknown>>)[name]!(payload),
    [channel, input] as const,
  );
  const answer = result as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

const rule: RuleInput = {
  name: RULE_NAME,
  description: 'The health check answers slowly',
  status: 'active',
  severity: 'critical',
  metric: 'latency',
  condition: { operator: '>', threshold: THRESHOLD_MS, aggregation: 'p95', timeWindow: '1m' },
  filters: [{ field: 'route', operator: '==', value: `GET ${ROUTE}` }],
  notifications: [{ type: 'email', target: RECIPIENT }],
  escalation: { enabled: false, steps: [] },
  suppressionRules: { enabled: false, duration: 0, conditions: [] },
  pendingSeconds: 15,
  keepFiringSeconds: 0,
  // Evaluated every 5 s on minute roll-ups, the 1-minute window is empty for the seconds after a minute
  // starts, until its first roll-up is written: no data keeps the state instead of resolving.
  noDataState: 'keep',
  errorState: 'keep',
};

test('a slow server fires the latency rule to the banner, bell, tray and mail; acknowledged, it resolves', async ({
  page,
  context,
  dataDir,
}) => {
  // Two real 1-minute grouping windows and minute roll-ups: minutes, not seconds, on a busy machine.
  test.setTimeout(420_000);
  const smtp = await startSmtpSink();
  const mails = smtp.received;
  let host: RunningHost | undefined;
  let stopTraffic = () => {};
  try {
    host = await startHost(dataDir, {
      env: {
        CONSOLE_TEST_FAULTS: '1',
        CONSOLE_TEST_EVALUATION_SECONDS: '5',
        SMTP_URL: smtp.url,
        SMTP_ALLOW_LOOPBACK_SINK: '1',
        MAIL_FROM: 'Console <console@e2e.example>',
      },
    });
    const server = embeddedServerUrl(host);
    const fault = async (delayMs: number) => {
      const response = await fetch(`${server}/test/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...LAUNCH_SECRET_HEADERS },
        body: JSON.stringify({ delayMs }),
      });
      expect(response.status).toBe(200);
    };
    // A client calling the route the rule watches twice a second, from here to the end: without
    // traffic the route's latency says nothing, slow or not.
    const traffic = setInterval(
      () => void fetch(`${server}${ROUTE}`, { headers: LAUNCH_SECRET_HEADERS }).catch(() => undefined),
      500,
    );
    stopTraffic = () => clearInterval(traffic);
    const subjects = () => mails.flatMap((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? []);

    await context.grantPermissions(['notifications'], { origin: host.origin });
    await signInAs(page, host, DEMO.admin);
    await bridge(page, 'alerts.saveNotificationSettings', {
      body: {
        channels: { email: true, sms: false, chat: false },
        quietHours: false,
        escalationDelayMinutes: 60,
        groupingWindowMinutes: 1,
      },
    });
    const created = await bridge<{ id: string; state: RuleState }>(page, 'alerts.createRule', { body: rule });
    expect(created.state).toBe('normal');
    const stateOfRule = async () =>
      (await bridge<{ id: string; state: RuleState }[]>(page, 'alerts.listRules')).find(
        (r) => r.id === created.id,
      )?.state;

    // Slow: the route's p95 rises above the threshold; the rule goes pending, then fires.
    await fault(DELAY_MS);
    const seen: RuleState[] = [];
    await expect
      .poll(
        async () => {
          const state = (await stateOfRule())!;
          if (seen.at(-1) !== state) seen.push(state);
          return state;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe('firing');
    expect(seen.filter((s) => s !== 'normal')).toEqual(['pending', 'firing']);

    // The banner and the bell show it; the host recorded the desktop notification (the tray's).
    const banner = page.getByRole('region', { name: 'Alerts', exact: true });
    await banner.getByRole('button', { name: 'Expand alerts' }).click();
    await expect(banner.getByRole('list', { name: 'Latest alerts' })).toContainText(RULE_NAME, {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: /unread alert/ }).click();
    await expect(page.getByLabel('Notifications')).toContainText(RULE_NAME);
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => {
        const response = await page.request.get(`${host!.origin}/host/shell`);
        return ((await response.json()) as ShellRecord).notifications;
      })
      .toContainEqual(expect.objectContaining({ title: RULE_NAME, priority: 'critical' }));

    // Acknowledged with a comment in Alert Management.
    await openScreen(page, 'Alert Management');
    const item = page
      .getByRole('list', { name: 'Alerts' })
      .getByRole('button', { name: new RegExp(RULE_NAME.replace(/[()]/g, '\\$&')) });
    const details = page.getByRole('dialog', { name: RULE_NAME });
    // The list refreshes while the slow server answers: a click on a row being replaced may not open it.
    await expect(async () => {
      await item.first().click({ timeout: 10_000 });
      await expect(details.getByLabel('Comment')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await details.getByLabel('Comment').fill('Looking into the slow health check');
    await details.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(details.getByLabel('History')).toContainText('Looking into the slow health check', {
      timeout: 30_000,
    });
    await expect(details.getByText('Acknowledged', { exact: true }).first()).toBeVisible();
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    // The grouped "[FIRING]" mail (grouping window: 1 minute) reached the sink.
    await expect.poll(subjects, { timeout: 90_000 }).toContain(`[FIRING] ${RULE_NAME} (critical, 1 alert)`);
    expect(mails.find((m) => m.raw.includes('[FIRING]'))!.to).toEqual([RECIPIENT]);

    // Fast again: once the slow minute leaves the window the rule resolves, and says so by mail.
    await fault(0);
    await expect.poll(stateOfRule, { timeout: RESOLVE_TIMEOUT_MS, intervals: [1_000] }).toBe('normal');
    await expect.poll(subjects, { timeout: 90_000 }).toContain(`[RESOLVED] ${RULE_NAME} (critical, 1 alert)`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Alert Management' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('list', { name: 'Alerts' }).getByRole('listitem').filter({ hasText: RULE_NAME }).first(),
    ).toContainText('Resolved');
  } finally {
    stopTraffic();
    await host?.stop();
    await smtp.close();
  }
});
