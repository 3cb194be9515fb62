import { describe, expect, it } from 'vitest';
import {
  canManageMembers,
  canManageOrganization,
  canManageSettings,
  canViewBilling,
  hasTenantPermission,
  isFeatureEnabled,
  isLimitReached,
  usagePercent,
  type TenantContext,
} from '../../../shared/tenancy';

/** The check functions of part 1 §6, each on its own. */
const context = (over: Partial<TenantContext>): TenantContext => ({
  organizationId: 'org',
  role: 'viewer',
  permissions: [],
  isOwner: false,
  isAdmin: false,
  ...over,
});

describe('tenant permission checks (part 1 §6)', () => {
  it('grants a permission that is listed, or to an owner or an admin', () => {
    expect(hasTenantPermission(context({ permissions: ['alerts:manage'] }), 'alerts:manage')).toBe(true);
    expect(hasTenantPermission(context({}), 'alerts:manage')).toBe(false);
    expect(hasTenantPermission(context({ isOwner: true }), 'alerts:manage')).toBe(true);
    expect(hasTenantPermission(context({ isAdmin: true }), 'alerts:manage')).toBe(true);
  });

  it('manage organization: owner or organization:manage', () => {
    expect(canManageOrganization(context({ isOwner: true }))).toBe(true);
    expect(canManageOrganization(context({ permissions: ['organization:manage'] }))).toBe(true);
    expect(canManageOrganization(context({ isAdmin: true }))).toBe(false);
  });

  it('manage members: admin or members:manage', () => {
    expect(canManageMembers(context({ isAdmin: true }))).toBe(true);
    expect(canManageMembers(context({ permissions: ['members:manage'] }))).toBe(true);
    expect(canManageMembers(context({}))).toBe(false);
  });

  it('view billing: owner or billing:view', () => {
    expect(canViewBilling(context({ isOwner: true }))).toBe(true);
    expect(canViewBilling(context({ permissions: ['billing:view'] }))).toBe(true);
    expect(canViewBilling(context({ isAdmin: true }))).toBe(false);
  });

  it('manage settings: admin or settings:manage', () => {
    expect(canManageSettings(context({ isAdmin: true }))).toBe(true);
    expect(canManageSettings(context({ permissions: ['settings:manage'] }))).toBe(true);
    expect(canManageSettings(context({ isOwner: false }))).toBe(false);
  });
});

describe('feature flags and limits (part 1 §6)', () => {
  it('enables a feature only when its flag is true', () => {
    const features = { apiAccess: true, sso: false };
    expect(isFeatureEnabled(features, 'apiAccess')).toBe(true);
    expect(isFeatureEnabled(features, 'sso')).toBe(false);
    expect(isFeatureEnabled(features, 'unknown')).toBe(false);
  });

  it('reaches a limit when usage is at least the limit', () => {
    expect(isLimitReached({ current: 9, limit: 10 })).toBe(false);
    expect(isLimitReached({ current: 10, limit: 10 })).toBe(true);
    expect(isLimitReached({ current: 11, limit: 10 })).toBe(true);
  });

  it('rounds the usage percentage', () => {
    expect(usagePercent({ current: 1, limit: 3 })).toBe(33);
    expect(usagePercent({ current: 2, limit: 3 })).toBe(67);
    expect(usagePercent({ current: 0, limit: 0 })).toBe(0);
  });
});
