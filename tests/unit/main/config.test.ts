import { describe, expect, it } from 'vitest';
import { clientUrls, ConfigError, readConfig } from '../../../main/core/config';

describe('configuration from the environment', () => {
  it('with nothing set: embedded server on PGlite with demo data', () => {
    const config = readConfig({});
    expect(config).toEqual({
      gatewayUrl: undefined,
      organizationApiUrl: undefined,
      databaseUrl: undefined,
      seedDemo: true,
      embeddedServer: true,
      launchSecret: undefined,
    });
    expect(clientUrls(config, 'http://127.0.0.1:4567/')).toEqual({
      gatewayUrl: 'http://127.0.0.1:4567',
      organizationApiUrl: 'http://127.0.0.1:4567',
    });
  });

  it('a gateway alone serves both clients; no embedded server, no demo', () => {
    const config = readConfig({ CONSOLE_GATEWAY_URL: 'https://gw.example.com/prod/' });
    expect(config).toMatchObject({
      gatewayUrl: 'https://gw.example.com/prod',
      organizationApiUrl: 'https://gw.example.com/prod',
      embeddedServer: false,
      seedDemo: false,
    });
    expect(clientUrls(config, undefined)).toEqual({
      gatewayUrl: 'https://gw.example.com/prod',
      organizationApiUrl: 'https://gw.example.com/prod',
    });
  });

  it('the organization API may have its own address', () => {
    const config = readConfig({
      CONSOLE_GATEWAY_URL: 'https://gw.example.com',
      CONSOLE_ORGANIZATION_API_URL: 'https://orgs.example.com/api',
    });
    expect(clientUrls(config, undefined)).toEqual({
      gatewayUrl: 'https://gw.example.com',
      organizationApiUrl: 'https://orgs.example.com/api',
    });
  });

  it('DATABASE_URL: the embedded server uses it, and seeds demo data only when asked', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://u@db/console' })).toMatchObject({
      databaseUrl: 'postgres://u@db/console',
      embeddedServer: true,
      seedDemo: false,
    });
    expect(readConfig({ DATABASE_URL: 'postgres://u@db/console', CONSOLE_SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    );
    expect(readConfig({ CONSOLE_SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('refuses addresses that are not http(s) and unclear flags', () => {
    expect(() => readConfig({ CONSOLE_GATEWAY_URL: 'ftp://gw.example.com' })).toThrow(ConfigError);
    expect(() => readConfig({ CONSOLE_GATEWAY_URL: 'not a url' })).toThrow(
      /CONSOLE_GATEWAY_URL must be an http\(s\) address/,
    );
    expect(() => readConfig({ CONSOLE_SEED_DEMO: 'yes' })).toThrow(/CONSOLE_SEED_DEMO/);
    expect(readConfig({ CONSOLE_GATEWAY_URL: '  ' }).embeddedServer).toBe(true);
  });

  it('CONSOLE_LAUNCH_SECRET: taken when long enough and fit for a header, refused otherwise', () => {
    const secret = 'k'.repeat(32);
    expect(readConfig({ CONSOLE_LAUNCH_SECRET: ` ${secret} ` }).launchSecret).toBe(secret);
    expect(readConfig({ CONSOLE_LAUNCH_SECRET: '' }).launchSecret).toBeUndefined();
    expect(() => readConfig({ CONSOLE_LAUNCH_SECRET: 'k'.repeat(31) })).toThrow(
      /CONSOLE_LAUNCH_SECRET must be at least 32 characters/,
    );
    expect(() => readConfig({ CONSOLE_LAUNCH_SECRET: `${secret} x` })).toThrow(/printable ASCII/);
    expect(() => readConfig({ CONSOLE_LAUNCH_SECRET: `${secret}é` })).toThrow(/printable ASCII/);
  });
});
