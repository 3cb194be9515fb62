import { describe, expect, it } from 'vitest';
import { initials } from '../../../renderer/lib/initials';

describe('initials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Mary Ann  Evans')).toBe('ME');
  });

  it('uses one letter for a one-word name', () => {
    expect(initials('admin')).toBe('A');
  });

  it('falls back to the default user name', () => {
    expect(initials('')).toBe('AU');
    expect(initials('   ')).toBe('AU');
    expect(initials(undefined)).toBe('AU');
  });

  it('keeps letters outside the basic plane whole', () => {
    expect(initials('émile zola')).toBe('ÉZ');
    expect(initials('𝒜lice Smith')).toBe('𝒜S');
  });
});
