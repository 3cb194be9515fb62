import { describe, expect, it } from 'vitest';
import { breadcrumbs } from '../../../renderer/lib/breadcrumbs';

describe('breadcrumbs', () => {
  it('reads Home › group › title for a console route', () => {
    expect(breadcrumbs('/cost-optimization')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Dashboard' },
      { label: 'Cost Optimization' },
    ]);
    expect(breadcrumbs('/role-permissions').map((c) => c.label)).toEqual([
      'Home',
      'Security & Roles',
      'Role & Permission Management',
    ]);
  });

  it('ignores a trailing slash', () => {
    expect(breadcrumbs('/settings/').map((c) => c.label)).toEqual(['Home', 'System', 'System Settings']);
  });

  it('is only Home for an unknown path', () => {
    expect(breadcrumbs('/nowhere')).toEqual([{ label: 'Home', to: '/' }]);
  });
});
