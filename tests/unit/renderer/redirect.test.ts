import { describe, expect, it } from 'vitest';
import { systemRole } from '../../../shared/permissions';
import { loginRedirectState, postLoginTarget, redirectFrom } from '../../../renderer/lib/redirect';

const subject = (role: string) => ({ role, permissions: systemRole(role)?.permissions ?? [] });

describe('redirect after sign-in', () => {
  it('returns to the location first asked for', () => {
    const state = loginRedirectState('/settings', '?tab=security');
    expect(postLoginTarget(state, subject('super_admin'))).toBe('/settings?tab=security');
  });

  it('goes to the dashboard when there is nowhere to return to', () => {
    expect(postLoginTarget(undefined, subject('super_admin'))).toBe('/dashboard');
    expect(postLoginTarget(loginRedirectState('/'), subject('center_admin'))).toBe('/dashboard');
  });

  it('goes to the first allowed screen when the dashboard is not allowed', () => {
    // An app owner has no dashboard.read; its first permitted route is /cost-optimization.
    expect(postLoginTarget(null, subject('app_owner'))).toBe('/cost-optimization');
  });

  it('never returns to /login and ignores foreign state', () => {
    expect(redirectFrom(loginRedirectState('/login'))).toBeUndefined();
    expect(redirectFrom({ from: 'https://example.com/' })).toBeUndefined();
    expect(redirectFrom({ from: '//example.com/x' })).toBeUndefined();
    expect(redirectFrom({ from: 42 })).toBeUndefined();
    expect(redirectFrom('/settings')).toBeUndefined();
  });
});
