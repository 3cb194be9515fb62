import { describe, expect, it } from 'vitest';
import {
  requiresTls,
  smtpConnection,
  smtpTargetFromUrl,
  type SmtpTarget,
} from '../../../../server/mail/smtp-target';
import type { Resolver } from '../../../../server/security/outbound';

const resolveTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;
const settingsTarget = (host: string, secure = false): SmtpTarget => ({
  host,
  port: 587,
  secure,
  guarded: true,
});

describe('the SMTP TLS rule', () => {
  it('requires TLS everywhere unless the loopback-sink allowance is on and every address is loopback', () => {
    expect(requiresTls(['127.0.0.1'], false)).toBe(true);
    expect(requiresTls(['127.0.0.1'], true)).toBe(false);
    expect(requiresTls(['::1'], true)).toBe(false);
    // The allowance never reaches another host, nor a name that is also elsewhere.
    expect(requiresTls(['8.8.8.8'], true)).toBe(true);
    expect(requiresTls(['10.0.0.5'], true)).toBe(true);
    expect(requiresTls(['127.0.0.1', '8.8.8.8'], true)).toBe(true);
    expect(requiresTls([], true)).toBe(true);
  });

  it('connects to the address it checked, with STARTTLS required and the name kept for the certificate', async () => {
    const connection = await smtpConnection(settingsTarget('smtp.example.com'), {
      loopbackSink: true,
      timeoutMs: 1000,
      resolve: resolveTo('8.8.8.8'),
    });
    expect(connection).toMatchObject({
      ok: true,
      options: {
        host: '8.8.8.8',
        servername: 'smtp.example.com',
        port: 587,
        secure: false,
        requireTLS: true,
      },
    });
  });

  it('refuses a settings host that resolves to a private or loopback address (DNS rebinding after the save)', async () => {
    for (const [address, loopbackSink] of [
      ['10.1.2.3', true],
      ['169.254.169.254', true],
      ['127.0.0.1', false],
    ] as const) {
      const connection = await smtpConnection(settingsTarget('smtp.example.com'), {
        loopbackSink,
        timeoutMs: 1000,
        resolve: resolveTo('8.8.8.8', address),
      });
      expect(connection, address).toMatchObject({
        ok: false,
        shown: expect.stringMatching(/^The SMTP server is not allowed: smtp\.example\.com \(/),
      });
    }
  });

  it('lets a loopback sink go without TLS only under the allowance', async () => {
    const allowed = await smtpConnection(settingsTarget('localhost'), {
      loopbackSink: true,
      timeoutMs: 1000,
      resolve: resolveTo('127.0.0.1'),
    });
    expect(allowed).toMatchObject({ ok: true, options: { host: '127.0.0.1', requireTLS: false } });
  });

  it('reads SMTP_URL, which may name a private relay but still needs TLS', async () => {
    const target = smtpTargetFromUrl('smtp://us%40r:p%3Ass@10.0.0.7:2525');
    expect(target).toEqual({
      host: '10.0.0.7',
      port: 2525,
      secure: false,
      auth: { user: 'us@r', pass: 'p:ss' },
      guarded: false,
    });
    const connection = await smtpConnection(target!, { loopbackSink: true, timeoutMs: 1000 });
    expect(connection).toMatchObject({ ok: true, options: { host: '10.0.0.7', requireTLS: true } });
    expect(smtpTargetFromUrl('smtps://relay.example.com')).toMatchObject({ port: 465, secure: true });
    expect(smtpTargetFromUrl('http://relay.example.com')).toBeUndefined();
    expect(smtpTargetFromUrl('not a url')).toBeUndefined();
  });
});
