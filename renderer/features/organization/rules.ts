/**
 * What the organization screen lets the user do (part 2 §6), from the tenant context: the same checks
 * the server enforces, used to hide or disable controls and say why.
 */
import type { Member } from '../../../shared/api/organizations';
import {
  canManageMembers,
  canManageOrganization,
  canViewBilling,
  storageMb,
  type TenantContext,
} from '../../../shared/tenancy';
import { ORGANIZATION_TEXTS } from './texts';

export const REASONS = ORGANIZATION_TEXTS.reasons;

export interface MemberControls {
  /** Whether the role select and remove button are enabled for this row. */
  enabled: boolean;
  /** Why they are not, or null. */
  reason: string | null;
}

export function memberControls(context: TenantContext, member: Pick<Member, 'role'>): MemberControls {
  if (!canManageMembers(context)) return { enabled: false, reason: REASONS.manageMembers };
  if (member.role === 'owner') return { enabled: false, reason: REASONS.owner };
  return { enabled: true, reason: null };
}

export interface OrganizationAbilities {
  manageMembers: boolean;
  manageOrganization: boolean;
  viewBilling: boolean;
}

export function abilities(context: TenantContext): OrganizationAbilities {
  return {
    manageMembers: canManageMembers(context),
    manageOrganization: canManageOrganization(context),
    viewBilling: canViewBilling(context),
  };
}

/** The payment method as shown: brand, last four digits and expiry "MM/YYYY". */
export function describePaymentMethod(method: {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}): { brand: string; last4: string; expiry: string } {
  return {
    brand: method.brand,
    last4: method.last4,
    expiry: `${String(method.expiryMonth).padStart(2, '0')}/${method.expiryYear}`,
  };
}

/** Words that read as acronyms in a feature's label. */
const ACRONYMS: Readonly<Record<string, string>> = ORGANIZATION_TEXTS.usage.acronyms;

/** A feature flag's key as words: "advancedAnalytics" → "Advanced analytics", "api_access" → "API access". */
export function featureLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A meter's "current / limit" text; storage in MB with 2 decimals (part 2 §9). */
export function usageText(usage: { current: number; limit: number }, unit: 'count' | 'bytes'): string {
  if (unit === 'count') return ORGANIZATION_TEXTS.usage.count(usage.current, usage.limit);
  return ORGANIZATION_TEXTS.usage.bytes(storageMb(usage.current), storageMb(usage.limit));
}
