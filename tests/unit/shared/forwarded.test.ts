import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENDPOINTS, type Endpoint } from '../../../shared/api';
import { bridgeContract, CHANNELS, handWrittenContract } from '../../../shared/bridge/contract';
import { codeForStatus } from '../../../shared/bridge/errors';
import { FORWARDED, forwardedContract, isForwardedChannel } from '../../../shared/bridge/forwarded';

const endpoints: Record<string, Endpoint> = ENDPOINTS;

describe('the forwarded allow-list', () => {
  it('names only endpoints that exist, each once', () => {
    for (const key of FORWARDED) expect(Object.hasOwn(endpoints, key), key).toBe(true);
    expect(new Set(FORWARDED).size).toBe(FORWARDED.length);
  });

  it('forwards no public, streaming or auth.* endpoint', () => {
    for (const key of FORWARDED) {
      const endpoint = endpoints[key]!;
      expect(endpoint.auth, key).toBe('token');
      expect(endpoint.stream, key).toBeUndefined();
      expect(key.startsWith('auth.'), key).toBe(false);
    }
  });

  it('keeps forwarded and hand-written channels apart by their names, in one channel map', () => {
    for (const channel of Object.keys(handWrittenContract)) expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/);
    for (const channel of FORWARDED) expect(channel).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    expect(CHANNELS).toEqual([...Object.keys(handWrittenContract), ...FORWARDED]);
    expect(FORWARDED.every(isForwardedChannel)).toBe(true);
    expect(isForwardedChannel('auth:login')).toBe(false);
    expect(isForwardedChannel('auth.login')).toBe(false);
  });

  it("builds each input from the endpoint's own schemas: strict, only the parts it declares", () => {
    for (const key of FORWARDED) {
      const endpoint = endpoints[key]!;
      const input = forwardedContract[key].input as z.ZodType;
      expect(bridgeContract[key].output, key).toBe(endpoint.data);
      const parts = (['params', 'query', 'body'] as const).filter((part) => endpoint[part]);
      if (parts.length === 0) {
        expect(input.safeParse(undefined).success, key).toBe(true);
        expect(input.safeParse({}).success, key).toBe(false);
        continue;
      }
      const shape = (input as z.ZodObject).shape;
      expect(Object.keys(shape).sort(), key).toEqual([...parts].sort());
      for (const part of parts) expect(shape[part], `${key} ${part}`).toBe(endpoint[part]);
      expect(input.safeParse(undefined).success, key).toBe(false);
    }
  });

  it("keeps the endpoint's texts (cost import: empty and too large)", () => {
    const input = forwardedContract['business.importCosts'].input;
    const empty = input.safeParse({ body: { csv: '' } });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('The file is empty');
    const large = input.safeParse({ body: { csv: 'x'.repeat(6 * 1024 * 1024) } });
    expect(large.error?.issues[0]?.message).toBe('The file is too large');
  });
});

describe('codeForStatus', () => {
  it('codes a refusal by its HTTP status', () => {
    expect([400, 401, 403, 404, 409, 422, 500, 502, 503, 418].map(codeForStatus)).toEqual([
      'INVALID',
      'AUTH_REQUIRED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'INVALID',
      'UNAVAILABLE',
      'UNAVAILABLE',
      'UNAVAILABLE',
      'FAILED',
    ]);
  });
});
