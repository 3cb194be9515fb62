import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundAddressError,
  assertPublicUrl,
  outboundAgent,
  refusedAddressReason,
  type Resolver,
} from '../../../../server/security/outbound';

describe('the outbound address table', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['10.1.2.3', 'a private network address'],
    ['172.16.0.1', 'a private network address'],
    ['192.168.1.1', 'a private network address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['169.254.10.1', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.100.100.200', 'a cloud metadata address'],
    ['168.63.129.16', 'a cloud metadata address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a broadcast address'],
    ['0.0.0.0', 'an unspecified address'],
    ['198.18.0.1', 'a reserved address (reserved)'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a private network address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped IPv6 address'],
    ['::ffff:8.8.8.8', 'an IPv4-mapped IPv6 address'],
    ['::7f00:1', 'a reserved address'],
    ['64:ff9b::a00:1', 'a NAT64 address'],
    ['2002:7f00:1::', 'a 6to4 address'],
    ['2001::1', 'a Teredo address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001::1'])(
    'lets %s through',
    (address) => expect(refusedAddressReason(address)).toBeUndefined(),
  );

  it('lets an explicitly allowed address through (the tests’ allowance)', () => {
    expect(refusedAddressReason('127.0.0.1', { allow: ['127.0.0.1/32'] })).toBeUndefined();
    expect(refusedAddressReason('::1', { allow: ['127.0.0.1/32'] })).toBe('a loopback address');
  });
});

describe('assertPublicUrl', () => {
  const resolver = (table: Record<string, string[]>) => async (host: string) => {
    const found = table[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };
  const refused = async (url: string, resolve: Resolver | 'system' = resolver({})) => {
    try {
      await assertPublicUrl(url, {}, resolve === 'system' ? undefined : resolve);
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(OutboundAddressError);
      return (error as Error).message;
    }
  };

  it.each([
    ['http://2130706433/hook', '127.0.0.1'],
    ['http://0177.0.0.1/hook', '127.0.0.1'],
    ['http://0x7f.1/hook', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1'],
    ['http://[::1]:8080/', '::1'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ])('refuses %s (the URL parser normalises it to %s)', async (url, host) => {
    expect(await refused(url)).toContain(`${host} is`);
  });

  it('refuses names that resolve to a private address, any of them', async () => {
    const resolve = resolver({
      'internal.example': ['10.0.0.5'],
      'mixed.example': ['93.184.215.14', '127.0.0.1'],
      'mapped.example': ['::ffff:10.0.0.1'],
    });
    expect(await refused('https://internal.example/x', resolve)).toBe(
      'The URL is not allowed: internal.example (10.0.0.5) is a private network address. Webhooks may only call public internet addresses.',
    );
    expect(await refused('https://mixed.example/x', resolve)).toContain('a loopback address');
    expect(await refused('https://mapped.example/x', resolve)).toContain('an IPv4-mapped IPv6 address');
    expect(await refused('https://nowhere.example/x', resolve)).toBe(
      "The URL's host nowhere.example could not be resolved.",
    );
  });

  it('refuses localhost through the system resolver', async () => {
    expect(await refused('http://localhost:9/', 'system')).toContain('localhost (');
  });

  it('refuses other schemes and credentials, accepts public URLs', async () => {
    expect(await refused('ftp://example.com/')).toBe('The URL must start with https:// or http://.');
    expect(await refused('file:///etc/passwd')).toBe('The URL must start with https:// or http://.');
    expect(await refused('https://user:pw@93.184.215.14/')).toBe(
      'The URL must not contain a user name or password.',
    );
    expect(await refused('not a url')).toBe('The URL is not valid.');
    const ok = await assertPublicUrl(
      'https://hooks.example/in',
      {},
      resolver({ 'hooks.example': ['93.184.215.14'] }),
    );
    expect(ok.hostname).toBe('hooks.example');
  });
});

describe('the connect-time agent', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (host: string, allow?: string[]) =>
    new Promise<string>((resolve, reject) => {
      const req = request(
        { host, port, path: '/', agent: outboundAgent('http:', allow ? { allow } : {}) },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('refuses a name that resolves to loopback at connect time (DNS rebinding)', async () => {
    await expect(get('localhost')).rejects.toThrow(/not allowed/);
    await expect(get('127.0.0.1')).rejects.toThrow(/not allowed/);
  });

  it('connects where the test allowance names the address', async () => {
    expect(await get('127.0.0.1', ['127.0.0.1/32'])).toBe('reached');
  });
});
