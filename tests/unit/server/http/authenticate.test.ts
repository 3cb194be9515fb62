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

describe('bearerToken against the expression it replaces on the hot path', () => {
  const expression = (header: string) => /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  it.each([
    'Bearer a\u00a0b',
    'Bearer a\u000bb',
    'Bearer a\u000cb',
    'Bearer a\rb',
    'Bearer ab\u2028',
    'Bearer x',
  ])('reads %j as the expression does', (header) => {
    expect(bearerToken(header)).toBe(expression(header));
  });
});
