import { describe, expect, it } from 'vitest';
import { ERRORS, formatError } from '../../../../shared/errors';
import { MEMBER_ROLE_PERMISSIONS, type MemberRole, type TenantContext } from '../../../../shared/tenancy';
import { scrubSecrets } from '../../../../server/audit';
import { allows, enforceRule, ruleAction } from '../../../../server/organizations/context';

const member = (role: MemberRole): TenantContext => ({
  organizationId: 'org',
  role,
  permissions: MEMBER_ROLE_PERMISSIONS[role],
  isOwner: role === 'owner',
  isAdmin: role === 'owner' || role === 'admin',
});
const platform = (isAdmin: boolean): TenantContext => ({
  organizationId: 'org',
  role: 'platform',
  permissions: isAdmin ? MEMBER_ROLE_PERMISSIONS.admin : MEMBER_ROLE_PERMISSIONS.viewer,
  isOwner: false,
  isAdmin,
});

describe('tenant rules (part 1 §6)', () => {
  it.each([
    ['manageOrganization', ['owner', 'admin']],
    ['manageMembers', ['owner', 'admin']],
    ['viewBilling', ['owner']],
    ['manageSettings', ['owner', 'admin']],
    ['children:manage', ['owner', 'admin', 'manager']],
    ['attendance:manage', ['owner', 'admin', 'manager', 'operator']],
    ['children:read', ['owner', 'admin', 'manager', 'operator', 'viewer']],
    ['member', ['owner', 'admin', 'manager', 'operator', 'viewer']],
  ] as const)('%s is allowed to %j', (rule, roles) => {
    const allowed = (['owner', 'admin', 'manager', 'operator', 'viewer'] as const).filter((r) =>
      allows(member(r), rule),
    );
    expect(allowed).toEqual(roles);
  });

  it('gives a read-only platform context reads only, a platform admin what an admin has', () => {
    expect(allows(platform(false), 'children:read')).toBe(true);
    for (const rule of [
      'children:manage',
      'manageMembers',
      'manageSettings',
      'manageOrganization',
    ] as const) {
      expect(allows(platform(false), rule)).toBe(false);
      expect(allows(platform(true), rule)).toBe(true);
    }
    expect(allows(platform(true), 'viewBilling')).toBe(false);
  });

  it('refuses with a readable action', () => {
    expect(ruleAction('children:manage')).toBe('manage children');
    expect(ruleAction('viewBilling')).toBe('view billing');
    expect(() => enforceRule(member('viewer'), 'manageSettings')).toThrow(
      formatError(ERRORS.tenantForbidden, { action: 'manage settings' }),
    );
    expect(() => enforceRule(member('viewer'), undefined)).not.toThrow();
  });
});

describe('audit details', () => {
  it('never keep a secret, at any depth', () => {
    expect(
      scrubSecrets({
        email: 'a@b.c',
        password: 'x',
        nested: { newPassword: 'y', token: 'z', tokenHash: 'h', keep: [{ Authorization: 'b', ok: 1 }] },
      }),
    ).toEqual({ email: 'a@b.c', nested: { keep: [{ ok: 1 }] } });
  });

  it('mask API keys: the first 8 characters, then stars', () => {
    expect(scrubSecrets({ apiKey: 'ops_live_1234567890', nested: { api_key: 'short' } })).toEqual({
      apiKey: 'ops_live***********',
      nested: { api_key: 'short' },
    });
  });
});
