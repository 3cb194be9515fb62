import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LAUNCH_SECRET_HEADER } from '../../../../shared/constants';
import {
  hostName,
  installLaunchSecretCheck,
  parseAllowedHosts,
  parseTrustProxy,
} from '../../../../server/http/edge';
import { installErrorHandling } from '../../../../server/http/error-handling';

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told', () => {
    for (const value of [undefined, '', ' ', '0', 'false']) expect(parseTrustProxy(value)).toBe(false);
  });
  it('takes a hop count or a list of proxy addresses and CIDR ranges', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.0.2.7,::1')).toEqual(['10.0.0.0/8', '192.0.2.7', '::1']);
  });
  it('refuses anything else with one clear line', () => {
    for (const value of ['true', '11', 'proxy.example', '10.0.0.0/33', '1.2.3.4,']) {
      expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY must be a number of proxy hops/);
    }
  });
});

describe('Host names', () => {
  it('reads the host name of a Host header, without port or IPv6 brackets', () => {
    expect(hostName('127.0.0.1:4000')).toBe('127.0.0.1');
    expect(hostName('LOCALHOST')).toBe('localhost');
    expect(hostName('[::1]:5180')).toBe('::1');
    expect(hostName('console.example.com')).toBe('console.example.com');
    expect(hostName('')).toBe('');
  });
  it('CONSOLE_ALLOWED_HOSTS is a comma-separated list', () => {
    expect(parseAllowedHosts(' Console.Example.com, ops.example ,')).toEqual([
      'console.example.com',
      'ops.example',
    ]);
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });
});

describe('the launch secret (the embedded server answers only its main process)', () => {
  it('refuses a request without it or with another, 401, before the route runs; answers one with it', async () => {
    const app = Fastify();
    installErrorHandling(app);
    installLaunchSecretCheck(app, 'this-launch');
    let reached = 0;
    app.get('/auth/test', async () => {
      reached += 1;
      return { ok: true };
    });
    for (const headers of [
      {},
      { [LAUNCH_SECRET_HEADER]: 'another-launch' },
      { [LAUNCH_SECRET_HEADER]: '' },
    ]) {
      const answer = await app.inject({ method: 'GET', url: '/auth/test', headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toContain('This server answers only the console that started it');
    }
    expect(reached).toBe(0);
    const allowed = await app.inject({
      method: 'GET',
      url: '/auth/test',
      headers: { [LAUNCH_SECRET_HEADER]: 'this-launch' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(reached).toBe(1);
    await app.close();
  });
});
