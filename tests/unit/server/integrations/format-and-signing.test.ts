import { crc32 } from 'node:zlib';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_PATTERN,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from '../../../../server/integrations/api-key-format';
import { parseRetryAfter } from '../../../../server/integrations/send';
import { generateWebhookSecret, signWebhook } from '../../../../server/integrations/signing';

describe('API key format', () => {
  it('is opc_ + 30 base62 characters + a 6-character base62 CRC32 of them', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const key of keys) {
      expect(key).toMatch(API_KEY_PATTERN);
      expect(key).toHaveLength(40);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
    // The checksum is the CRC32 of the random part, written in base62.
    const key = keys[0]!;
    const random = key.slice(4, 34);
    let value = crc32(random);
    let expected = '';
    const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < 6; i++) {
      expected = digits[value % 62]! + expected;
      value = Math.floor(value / 62);
    }
    expect(key.slice(34)).toBe(expected);
  });

  it('refuses a changed character, a wrong prefix or length', () => {
    const key = generateApiKey();
    const flipped = key.slice(0, 10) + (key[10] === 'a' ? 'b' : 'a') + key.slice(11);
    expect(isWellFormedApiKey(flipped)).toBe(false);
    expect(isWellFormedApiKey(key.replace('opc_', 'opk_'))).toBe(false);
    expect(isWellFormedApiKey(key + 'x')).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
  });

  it('hashes with SHA-256 (hex)', () => {
    expect(hashApiKey('opc_x')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey('opc_x')).toBe(hashApiKey('opc_x'));
  });
});

describe('webhook signing against the standardwebhooks verifier', () => {
  const body = JSON.stringify({
    type: 'user.created',
    timestamp: '2026-03-02T09:00:00.000Z',
    data: { id: 1 },
  });

  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });

  it('verifies with the secret, fails with another, a changed body or an old timestamp', () => {
    const secret = generateWebhookSecret();
    const now = new Date();
    const headers = signWebhook([secret], 'msg_1', now, body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(secret).verify(body.replace('1', '2'), { ...headers })).toThrow(
      WebhookVerificationError,
    );
    const old = signWebhook([secret], 'msg_1', new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow(/timestamp/i);
  });

  it('signs with both secrets during a rotation: either verifies', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signWebhook([current, previous], 'msg_2', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, { ...headers })).toBeTruthy();
    expect(new Webhook(previous).verify(body, { ...headers })).toBeTruthy();
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-03-02T09:00:00Z');
  it('reads seconds and HTTP dates, caps them, ignores garbage', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Mon, 02 Mar 2026 09:10:00 GMT', now)).toBe(600);
    expect(parseRetryAfter('Mon, 02 Mar 2026 08:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('999999', now)).toBe(36_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
