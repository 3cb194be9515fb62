/**
 * SMTP hardening (issue 25 item 7): the stored password is dropped when the host, port or username changes;
 * TLS is required unless SMTP_ALLOW_LOOPBACK_SINK allows a loopback sink; the settings' host passes the
 * webhooks' outbound guard at save and at connect time; every connection failure gets one answer, and the
 * test email is throttled. Real SMTP conversations with sinks on 127.0.0.1 (smtp-server), no mocks.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsDocument, SystemSettings } from '../../../../shared/api';
import { systemSettingsVersions } from '../../../../server/db/schema';
import { MAIL_TEXTS } from '../../../../server/mail/mailer';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, insertUser, tokenFor } from '../../../support/server';
import { startSmtpSink, type SmtpSink } from '../../../support/smtp-sink';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';

type Smtp = SystemSettings['integrations']['smtp'];

/** A plain SMTP sink on 127.0.0.1 that records every sign-in attempt (user and password). */
async function startAuthSink() {
  const logins: { user: string; pass: string }[] = [];
  const received: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, logins, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A port that nobody listens on: opened, noted, closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An open port of another service: it answers every connection with an HTTP error and hangs up. */
async function startNotSmtp(): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => {
    socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

describe.each(testDatabases)('SMTP hardening on $name', (target) => {
  // The suite's app has the loopback-sink allowance, as a test build does; apps built below lack it.
  const suite = useServerSuite(target, { tenants: true, app: { smtpLoopbackSink: true } });
  const { clock } = suite;
  let sinkA: Awaited<ReturnType<typeof startAuthSink>>;
  let sinkB: Awaited<ReturnType<typeof startAuthSink>>;
  let plain: SmtpSink;
  let notSmtp: Awaited<ReturnType<typeof startNotSmtp>>;
  const others: FastifyInstance[] = [];

  beforeAll(async () => {
    [sinkA, sinkB, plain, notSmtp] = await Promise.all([
      startAuthSink(),
      startAuthSink(),
      startSmtpSink(),
      startNotSmtp(),
    ]);
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await Promise.all([sinkA.close(), sinkB.close(), plain.close()]);
    await new Promise<void>((resolve) => notSmtp.server.close(() => resolve()));
  });

  /** A super admin of its own per test: the test-email throttle counts per user. */
  const newAdmin = async () =>
    tokenFor(suite.database, clock, (await insertUser(suite.database, 'super_admin')).id);
  const read = async (token: string, app = suite.app) =>
    (await call(app, { method: 'GET', url: '/settings', headers: bearer(token) })).body
      .data as SettingsDocument;
  async function saveSmtp(token: string, smtp: Partial<Smtp>, password?: string, app = suite.app) {
    const doc = await read(token, app);
    const integrations = {
      ...doc.settings.integrations,
      smtp: { ...doc.settings.integrations.smtp, ...smtp },
    };
    return call(app, {
      method: 'PUT',
      url: '/settings',
      headers: bearer(token),
      payload: {
        settings: { ...doc.settings, integrations },
        version: doc.version,
        ...(password === undefined ? {} : { smtpPassword: password }),
      },
    });
  }
  const testEmail = (token: string, app = suite.app) =>
    call(app, { method: 'POST', url: '/settings/test-email', headers: bearer(token), payload: {} });
  const storedPassword = async () =>
    (
      await suite.database.db
        .select({ password: systemSettingsVersions.smtpPassword })
        .from(systemSettingsVersions)
        .orderBy(desc(systemSettingsVersions.version))
        .limit(1)
    )[0]?.password;
  const plainPort = () => Number(new URL(plain.url).port);
  const server = (port: number): Partial<Smtp> => ({ host: '127.0.0.1', port, secure: false, from: '' });

  it('drops the stored password when the host, port or username changes, and never hands it to the new server', async () => {
    const token = await newAdmin();
    expect((await saveSmtp(token, { ...server(sinkA.port), username: 'mailer' }, 'sink-pass')).status).toBe(
      200,
    );
    expect((await testEmail(token)).body.data).toEqual({ sent: true });
    expect(sinkA.logins.at(-1)).toEqual({ user: 'mailer', pass: 'sink-pass' });

    // A change of the sender alone keeps it.
    expect((await saveSmtp(token, { from: 'ops@example.com' })).status).toBe(200);
    expect((await read(token)).smtpPasswordSet).toBe(true);

    // The port moves to another server: the password is not carried over, and not sent there.
    const moved = await saveSmtp(token, { port: sinkB.port });
    expect(moved.status).toBe(200);
    expect((moved.body.data as SettingsDocument).smtpPasswordSet).toBe(false);
    expect(await storedPassword()).toBeNull();
    const [record] = (await auditRows(suite.database))
      .filter((r) => r.resource === 'settings')
      .sort((a, b) => b.seq - a.seq);
    expect((record?.details as { changes: unknown[] }).changes).toContainEqual({
      field: 'integrations.smtp.password',
      from: '********',
      to: '',
    });
    expect((await testEmail(token)).body.data).toEqual({ sent: false, reason: MAIL_TEXTS.noPassword });
    expect(sinkB.logins).toEqual([]);
    expect(sinkB.received).toEqual([]);

    // The same save may set the new server's password.
    expect((await saveSmtp(token, { port: sinkA.port }, 'sink-pass')).status).toBe(200);
    expect((await read(token)).smtpPasswordSet).toBe(true);
    // The username changes: dropped.
    expect(
      ((await saveSmtp(token, { username: 'other' })).body.data as SettingsDocument).smtpPasswordSet,
    ).toBe(false);
    expect((await saveSmtp(token, { username: 'mailer' }, 'sink-pass')).status).toBe(200);
    // The host changes (another loopback address): dropped.
    expect(
      ((await saveSmtp(token, { host: '127.0.0.2' })).body.data as SettingsDocument).smtpPasswordSet,
    ).toBe(false);
  });

  it('refuses a loopback, private or metadata SMTP host at save without the allowance, and a non-loopback one with it', async () => {
    const strict = await buildTestApp(suite.database, clock);
    others.push(strict);
    const token = await newAdmin();
    for (const [host, reason] of [
      ['127.0.0.1', 'a loopback address'],
      ['::1', 'a loopback address'],
      ['10.0.0.5', 'a private network address'],
      ['169.254.169.254', 'a cloud metadata address'],
    ] as const) {
      const refused = await saveSmtp(token, { host }, undefined, strict);
      expect(refused.status, host).toBe(400);
      expect(refused.body.error).toBe(
        `The SMTP server is not allowed: ${host} is ${reason}. Mail may only go to public internet addresses.`,
      );
    }
    // The allowance is for loopback only: private and metadata addresses stay refused under it.
    for (const host of ['10.0.0.5', '192.168.1.10', '169.254.169.254', 'fe80::1']) {
      const refused = await saveSmtp(token, { host });
      expect(refused.status, host).toBe(400);
      expect(refused.body.error).toMatch(/^The SMTP server is not allowed/);
    }
    expect((await saveSmtp(token, server(plainPort()))).status).toBe(200);
  });

  it('checks the host again at connect time: a loopback host saved under the allowance is refused without it', async () => {
    const token = await newAdmin();
    expect((await saveSmtp(token, { ...server(plainPort()), username: '' })).status).toBe(200);
    const before = plain.received.length;
    expect((await testEmail(token)).body.data).toEqual({ sent: true });
    expect(plain.received).toHaveLength(before + 1);

    const strict = await buildTestApp(suite.database, clock);
    others.push(strict);
    expect((await testEmail(token, strict)).body.data).toEqual({
      sent: false,
      reason:
        'The SMTP server is not allowed: 127.0.0.1 is a loopback address. Mail may only go to public internet addresses.',
    });
    expect(plain.received).toHaveLength(before + 1);
  });

  it('requires TLS of SMTP_URL too: a plain loopback sink is refused without the allowance, used with it', async () => {
    const token = await newAdmin();
    expect((await saveSmtp(token, { host: '' })).status).toBe(200);
    const strict = await buildTestApp(suite.database, clock, { smtpUrl: plain.url });
    const allowed = await buildTestApp(suite.database, clock, { smtpUrl: plain.url, smtpLoopbackSink: true });
    others.push(strict, allowed);
    const before = plain.received.length;
    expect((await testEmail(token, strict)).body.data).toEqual({
      sent: false,
      reason: MAIL_TEXTS.unreachable,
    });
    expect(plain.received).toHaveLength(before);
    expect((await testEmail(token, allowed)).body.data).toEqual({ sent: true });
    expect(plain.received).toHaveLength(before + 1);
  });

  it('gives one answer for a closed port, an open port of another service and a failed TLS handshake', async () => {
    const token = await newAdmin();
    const answers: unknown[] = [];
    for (const smtp of [
      server(await closedPort()),
      server(notSmtp.port),
      { ...server(plainPort()), secure: true },
    ]) {
      expect((await saveSmtp(token, smtp)).status).toBe(200);
      const answer = await testEmail(token);
      expect(answer.status).toBe(200);
      answers.push(answer.body.data);
    }
    expect(answers).toEqual([
      { sent: false, reason: MAIL_TEXTS.unreachable },
      { sent: false, reason: MAIL_TEXTS.unreachable },
      { sent: false, reason: MAIL_TEXTS.unreachable },
    ]);
    // The answer names no port, no address and no cause.
    expect(MAIL_TEXTS.unreachable).not.toMatch(/ECONN|refused|timeout|\d/i);
  });

  it('throttles the test email: failures are counted per user, a delivered message is not', async () => {
    const token = await newAdmin();
    expect((await saveSmtp(token, server(plainPort()))).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await testEmail(token)).body.data).toEqual({ sent: true });

    expect((await saveSmtp(token, server(await closedPort()))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await testEmail(token)).status).toBe(200);
    const refused = await testEmail(token);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many failed test emails\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another admin has a budget of their own.
    expect((await testEmail(await newAdmin())).status).toBe(200);
    // Once the block is over, the first admin may try again.
    clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await testEmail(token)).status).toBe(200);
  });
});
