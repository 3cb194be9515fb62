import { describe, expect, it } from 'vitest';
import { bearerToken } from '../../../../server/http/authenticate';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc', 'abc'],
    ['BEARER abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    ['Bearer\tabc', 'abc'],
  ])('reads the token of %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([undefined, '', 'Bearer', 'Bearer ', 'Bearer a b', 'Basic YWJj', 'Token abc', ' Bearer abc'])(
    'reads no token from %j',
    (header) => {
      expect(bearerToken(header)).toBeUndefined();
    },
  );
});
