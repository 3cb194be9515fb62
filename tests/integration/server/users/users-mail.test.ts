/**
 * Invitation and reset mail (issue 13) through a real SMTP conversation with a local sink (smtp-server on
 * 127.0.0.1): the link is mailed when SMTP is configured, and a failed delivery is reported, not thrown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OneTimeLinkData, PlatformUser } from '../../../../shared/api';
import { oneTimeLink } from '../../../../shared/users';
import type { ServerConfigOverrides } from '../../../../server/config';
import { testDatabases } from '../../../support/databases';
import { bearer, call } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { startSmtpSink, type SmtpSink } from '../../../support/smtp-sink';

const CONSOLE_URL = 'http://127.0.0.1:5180/';

describe.each(testDatabases)('user mail on $name', (target) => {
  let smtp: SmtpSink;
  // The sink speaks plain SMTP on loopback: allowed only by the explicit loopback-sink flag.
  const config: ServerConfigOverrides = {
    consolePublicUrl: CONSOLE_URL,
    mailFrom: 'console@test.example',
    smtpLoopbackSink: true,
  };
  beforeAll(async () => {
    smtp = await startSmtpSink();
    config.smtpUrl = smtp.url;
  });
  afterAll(async () => {
    await smtp.close();
  });
  const suite = useServerSuite(target, { tenants: true, app: config });

  const addUser = (email: string) =>
    call(suite.app, {
      method: 'POST',
      url: '/users',
      headers: bearer(suite.f.platformAdmin.token),
      payload: { name: 'Mia Mailed', email, role: 'center_admin' },
    });

  it('mails the invitation link, the console address with the token in its hash, and answers neither', async () => {
    const created = await addUser('mia@test.example');
    expect(created.status).toBe(200);
    const { invitation } = created.body.data as { user: PlatformUser; invitation: OneTimeLinkData };
    // Issue 25: a mailed link is the invitee's alone; the admin who asked for it is not handed it.
    expect(invitation).toMatchObject({ emailed: true, emailNote: null, link: null, token: null });
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['mia@test.example']);
    expect(mail?.raw).toMatch(/^From: console@test\.example/m);
    expect(mail?.raw).toMatch(/^Subject: You are invited to the Operations Console/m);
    // Quoted-printable may fold the long line: compare without soft breaks.
    const body = mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
    const token = /set-password\?token=([\w-]+)/.exec(body)?.[1] ?? '';
    expect(body).toContain(oneTimeLink(CONSOLE_URL, token));
    expect(token.length).toBeGreaterThan(40);
    // The mailed link works.
    const accepted = await call(suite.app, {
      method: 'POST',
      url: '/invitations/accept',
      payload: { token, password: 'Mailed-Link-2026!' },
    });
    expect(accepted.status).toBe(200);
  });

  it('answers the link with emailed: false and the reason when the SMTP server cannot be reached', async () => {
    await smtp.close();
    const created = await addUser('nobody-home@test.example');
    expect(created.status).toBe(200);
    const { invitation } = created.body.data as { invitation: OneTimeLinkData };
    expect(invitation.emailed).toBe(false);
    expect(invitation.emailNote).toMatch(/^The message could not be sent: /);
    expect(invitation.token?.length).toBeGreaterThan(40);
  });
});
