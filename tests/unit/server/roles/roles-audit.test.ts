/** Every change of the role model is audited: each state-changing roles.* endpoint declares its audit record. */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, auditSpecOf, type Endpoint } from '../../../../shared/api';

/** POST /roles/:id/test only computes; it changes nothing. */
const READS = new Set(['roles.testRole']);

const CHANGES = Object.entries(ENDPOINTS as Record<string, Endpoint>).filter(
  ([name, e]) => name.startsWith('roles.') && e.method !== 'GET' && !READS.has(name),
);

describe('role model audit coverage', () => {
  it('covers the changes of the role model', () => {
    expect(CHANGES.map(([name]) => name).sort()).toEqual([
      'roles.assignUserRole',
      'roles.createRole',
      'roles.deleteRole',
      'roles.grantPermission',
      'roles.revokePermission',
      'roles.updateRole',
    ]);
  });

  it.each(CHANGES)('%s has an audit spec', (_name, endpoint) => {
    expect(auditSpecOf(endpoint)).toBeDefined();
  });

  it('every role endpoint declares its permission', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS as Record<string, Endpoint>)) {
      if (name.startsWith('roles.')) expect(endpoint.permission, name).toBeDefined();
    }
  });
});
