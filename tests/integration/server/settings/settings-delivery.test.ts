/**
 * The "send test" buttons (issue 13): an email through the SMTP settings (a local smtp-server sink, with
 * authentication and the write-only password) and a chat message to the webhook (a local HTTP server);
 * failures answer why, never a 5xx. Also the SMTP_URL fallback of sendMail when the settings name none.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsDocument, SystemSettings } from '../../../../shared/api';
import { MAIL_TEXTS } from '../../../../server/mail/mailer';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

interface Received {
  from: string;
  to: string[];
  user?: string;
  body: string;
}

/** An SMTP sink on 127.0.0.1 that accepts user "mailer" with password "sink-pass" only. */
async function startSink(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'sink-pass')
        return callback(null, { user: 'mailer' });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(testDatabases)('send test email and chat message on $name', (target) => {
  // The sinks speak plain SMTP on loopback: allowed only by the explicit loopback-sink flag.
  const suite = useServerSuite(target, { tenants: true, app: { smtpLoopbackSink: true } });
  const { clock, f } = suite;
  let sink: Awaited<ReturnType<typeof startSink>>;
  let hooks: { server: Server; url: string; bodies: unknown[]; status: number };

  beforeAll(async () => {
    sink = await startSink();
    const bodies: unknown[] = [];
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        bodies.push(JSON.parse(text));
        response.writeHead(hooks.status).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    hooks = { server, url: `http://127.0.0.1:${port}/hook`, bodies, status: 200 };
  });
  afterAll(async () => {
    await sink.close();
    await new Promise((resolve) => hooks.server.close(resolve));
  });

  const admin = () => tokenFor(suite.database, clock, f.platformAdmin.id);
  async function apply(integrations: Partial<SystemSettings['integrations']>, smtpPassword?: string) {
    const token = await admin();
    const doc = (await call(suite.app, { method: 'GET', url: '/settings', headers: bearer(token) })).body
      .data as SettingsDocument;
    const saved = await call(suite.app, {
      method: 'PUT',
      url: '/settings',
      headers: bearer(token),
      payload: {
        settings: { ...doc.settings, integrations: { ...doc.settings.integrations, ...integrations } },
        version: doc.version,
        ...(smtpPassword === undefined ? {} : { smtpPassword }),
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const post = async (url: string, payload?: object) =>
    call(suite.app, { method: 'POST', url, headers: bearer(await admin()), ...(payload ? { payload } : {}) });

  it('says no SMTP server is configured before one is set', async () => {
    const answer = await post('/settings/test-email', {});
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      sent: false,
      reason: expect.stringContaining('No SMTP server is configured'),
    });
  });

  it('sends through the SMTP settings, signing in with the stored password, to the caller', async () => {
    await apply(
      {
        smtp: {
          host: '127.0.0.1',
          port: sink.port,
          secure: false,
          username: 'mailer',
          from: 'console@example.com',
        },
      },
      'sink-pass',
    );
    const answer = await post('/settings/test-email', {});
    expect(answer.body.data).toEqual({ sent: true });
    const [mail] = sink.received.slice(-1);
    expect(mail).toMatchObject({ from: 'console@example.com', to: [f.platformAdmin.email], user: 'mailer' });
    expect(mail?.body).toContain('Subject: Operations Console: test email');

    expect((await post('/settings/test-email', { to: 'someone@example.com' })).body.data).toEqual({
      sent: true,
    });
    expect(sink.received.at(-1)?.to).toEqual(['someone@example.com']);
  });

  it('answers why when the SMTP server refuses or cannot be reached', async () => {
    await apply({}, 'wrong-pass');
    const refused = await post('/settings/test-email', {});
    expect(refused.status).toBe(200);
    expect(refused.body.data).toEqual({
      sent: false,
      reason: expect.stringMatching(/^The message could not be sent: .*Invalid/),
    });
    await apply({ smtp: { host: '127.0.0.1', port: 1, secure: false, username: '', from: '' } });
    const unreachable = await post('/settings/test-email', {});
    expect(unreachable.body.data).toEqual({ sent: false, reason: MAIL_TEXTS.unreachable });
  });

  it('falls back to SMTP_URL when the settings name no server', async () => {
    await apply({ smtp: { host: '', port: 587, secure: false, username: '', from: '' } });
    const app = await buildTestApp(suite.database, clock, {
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      smtpLoopbackSink: true,
    });
    try {
      const answer = await call(app, {
        method: 'POST',
        url: '/settings/test-email',
        headers: bearer(await admin()),
        payload: {},
      });
      expect(answer.body.data).toEqual({ sent: true });
      expect(sink.received.at(-1)?.from).toBe('no-reply@localhost');
    } finally {
      await app.close();
    }
  });

  it('posts a test message to the chat webhook, and says why when it fails', async () => {
    expect((await post('/settings/test-webhook')).body.data).toEqual({
      sent: false,
      reason: 'No chat webhook URL is configured.',
    });
    await apply({ slackWebhook: hooks.url });
    expect((await post('/settings/test-webhook')).body.data).toEqual({ sent: true });
    expect(hooks.bodies.at(-1)).toEqual({
      text: 'Test message from the System Settings of Operations Console.',
    });
    hooks.status = 500;
    expect((await post('/settings/test-webhook')).body.data).toEqual({
      sent: false,
      reason: 'The chat webhook answered HTTP 500.',
    });
    await apply({ slackWebhook: 'http://127.0.0.1:1/hook' });
    const unreachable = await post('/settings/test-webhook');
    expect(unreachable.status).toBe(200);
    expect(unreachable.body.data).toEqual({
      sent: false,
      reason: expect.stringContaining('could not be reached'),
    });
    // A private address is refused when connecting, whatever the settings say (the SSRF guard).
    await apply({ slackWebhook: 'http://10.0.0.1/hook' });
    expect((await post('/settings/test-webhook')).body.data).toEqual({
      sent: false,
      reason: expect.stringMatching(/could not be reached: The address is not allowed/),
    });
  });
});
