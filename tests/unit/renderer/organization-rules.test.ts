import { describe, expect, it } from 'vitest';
import { MEMBER_ROLE_PERMISSIONS, type MemberRole, type TenantContext } from '../../../shared/tenancy';
import { formatDate } from '../../../renderer/lib/format';
import {
  abilities,
  describePaymentMethod,
  featureLabel,
  usageText,
  memberControls,
  REASONS,
} from '../../../renderer/features/organization/rules';

function contextOf(role: MemberRole): TenantContext {
  return {
    organizationId: 'org-1',
    role,
    permissions: [...MEMBER_ROLE_PERMISSIONS[role]],
    isOwner: role === 'owner',
    isAdmin: role === 'admin',
  };
}

describe('organization screen rules', () => {
  it('lets owners and admins manage members, but never the owner row', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(memberControls(contextOf(role), { role: 'viewer' })).toEqual({ enabled: true, reason: null });
      expect(memberControls(contextOf(role), { role: 'owner' })).toEqual({
        enabled: false,
        reason: REASONS.owner,
      });
    }
  });

  it('gives managers, operators and viewers the reason they cannot manage members', () => {
    for (const role of ['manager', 'operator', 'viewer'] as const) {
      expect(memberControls(contextOf(role), { role: 'viewer' })).toEqual({
        enabled: false,
        reason: REASONS.manageMembers,
      });
    }
  });

  it('shows billing to the owner only, and editing to the owner and organization:manage', () => {
    expect(abilities(contextOf('owner'))).toEqual({
      manageMembers: true,
      manageOrganization: true,
      viewBilling: true,
    });
    expect(abilities(contextOf('admin'))).toMatchObject({ viewBilling: false, manageMembers: true });
    expect(abilities(contextOf('viewer'))).toEqual({
      manageMembers: false,
      manageOrganization: false,
      viewBilling: false,
    });
    const platform: TenantContext = {
      organizationId: 'o',
      role: 'platform',
      permissions: [],
      isOwner: false,
      isAdmin: true,
    };
    expect(abilities(platform)).toMatchObject({ manageMembers: true, viewBilling: false });
  });

  it('formats the payment method expiry as MM/YYYY', () => {
    expect(describePaymentMethod({ brand: 'Visa', last4: '4242', expiryMonth: 4, expiryYear: 2028 })).toEqual(
      {
        brand: 'Visa',
        last4: '4242',
        expiry: '04/2028',
      },
    );
  });

  it('turns feature keys into words', () => {
    expect(featureLabel('advancedAnalytics')).toBe('Advanced analytics');
    expect(featureLabel('api_access')).toBe('API access');
    expect(featureLabel('sso')).toBe('SSO');
  });

  it('formats dates and answers the fallback for none or nonsense', () => {
    expect(formatDate('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
    expect(formatDate(null)).toBe('Never');
    expect(formatDate('not a date', '—')).toBe('—');
  });
});

describe('usageText', () => {
  it('shows counts as they are and storage in MB with 2 decimals', () => {
    expect(usageText({ current: 9, limit: 50 }, 'count')).toBe('9 / 50');
    expect(usageText({ current: 445_548, limit: 5_368_709_120 }, 'bytes')).toBe('0.42 MB / 5120.00 MB');
  });
});
