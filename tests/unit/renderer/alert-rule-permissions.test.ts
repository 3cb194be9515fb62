/**
 * Part 2 §6: the alert rule controls need alerts create and alerts update. The screen never offers a control
 * the server would refuse: each control's endpoint asks for a permission the screen's rule already requires
 * (the server's enforcement of each declared permission is tests/integration/server/roles/roles.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { alertEndpoints } from '../../../shared/api/alerts';
import {
  mayDeleteRules,
  mayManageRules,
  RULE_CONTROL_PERMISSIONS,
} from '../../../renderer/features/alerts/rules';

describe('who may use the alert rule controls', () => {
  it('needs alerts.create and alerts.update together', () => {
    expect(mayManageRules(['alerts.read', 'alerts.create'])).toBe(false);
    expect(mayManageRules(['alerts.read', 'alerts.update'])).toBe(false);
    expect(mayManageRules(['alerts.create', 'alerts.update'])).toBe(true);
    expect(mayManageRules(undefined)).toBe(false);
  });

  it('asks of create, edit, pause and duplicate only what the server asks, and of delete alerts.delete too', () => {
    const controls = [
      alertEndpoints.createRule,
      alertEndpoints.updateRule,
      alertEndpoints.setRuleStatus,
      alertEndpoints.duplicateRule,
    ];
    for (const endpoint of controls) {
      expect(RULE_CONTROL_PERMISSIONS).toContain(endpoint.permission);
    }
    expect(alertEndpoints.deleteRule.permission).toBe('alerts.delete');
    expect(mayDeleteRules(['alerts.create', 'alerts.update'])).toBe(false);
    expect(mayDeleteRules(['alerts.create', 'alerts.update', 'alerts.delete'])).toBe(true);
  });
});
