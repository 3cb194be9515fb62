import { describe, expect, it } from 'vitest';
import { ERRORS, formatError } from '../../../../shared/errors';
import { MEMBER_ROLE_PERMISSIONS, type MemberRole, type TenantContext } from '../../../../shared/tenancy';
import { scrubSecrets } from '../../../../server/audit';
import { allows, enforceRule, ruleAction } from '../../../../server/organizations/context';
import { withoutOldWalSegments } from '../../../../server/db/snapshot';

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

describe('demo snapshot WAL trimming', () => {
  const entry = (name: string, body: string) => {
    const header = Buffer.alloc(512);
    header.write(name, 0, 'latin1');
    header.write(body.length.toString(8).padStart(11, '0'), 124, 'latin1');
    const data = Buffer.alloc(Math.ceil(body.length / 512) * 512);
    data.write(body, 0, 'latin1');
    return Buffer.concat([header, data]);
  };
  const names = (tar: Buffer) => {
    const found: string[] = [];
    for (let offset = 0; offset < tar.length;) {
      const name = tar
        .subarray(offset, offset + 100)
        .toString('latin1')
        .replace(/\0.*$/s, '');
      if (!name) break;
      found.push(name);
      const size = parseInt(tar.subarray(offset + 124, offset + 136).toString('latin1'), 8);
      offset += 512 + Math.ceil(size / 512) * 512;
    }
    return found;
  };

  it('keeps every file but the WAL segments other than the current one', () => {
    const keep = '000000010000000000000003';
    const tar = Buffer.concat([
      entry('/PG_VERSION', '17\n'),
      entry('/pg_wal/000000010000000000000001', 'old'.repeat(300)),
      entry(`/pg_wal/${keep}`, 'current'),
      entry('/pg_wal/archive_status/x', ''),
      entry('/base/5/1234', 'data'),
      Buffer.alloc(1024),
    ]);
    expect(names(withoutOldWalSegments(tar, keep))).toEqual([
      '/PG_VERSION',
      `/pg_wal/${keep}`,
      '/pg_wal/archive_status/x',
      '/base/5/1234',
    ]);
  });
});
