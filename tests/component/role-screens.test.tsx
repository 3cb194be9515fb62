/**
 * Role & Permission Management and Role Verification against a stand-in for the main process: a failed
 * role-model load shows its message or "Failed to initialize RBAC" (part 1 §8); template previews show three
 * permission actions (part 2 §9); the API check commands shown are exactly those the screen's source builds
 * (which tests/integration/server/roles/api-check-commands.test.ts runs against a real server).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../shared/bridge/contract';
import type { Role } from '../../shared/api/roles';
import { ERRORS } from '../../shared/errors';
import { PERMISSIONS, SYSTEM_ROLES } from '../../shared/permissions';
import { useOrganizationStore } from '../../renderer/app/state/useOrganizationStore';
import { RolePermissionsPage } from '../../renderer/features/role-permissions/RolePermissionsPage';
import { RoleVerificationPage } from '../../renderer/features/role-verification/RoleVerificationPage';
import { apiCheckCommands } from '../../renderer/features/role-verification/commands';
import {
  ADMIN,
  installBridge,
  removeBridge,
  renderScreen,
  signInAs,
  stubResizeObserver,
} from './alerting-fixtures';

const SUPER_ADMIN = {
  ...ADMIN,
  role: 'super_admin',
  permissions: PERMISSIONS.map((p) => p.id as string),
};

const ROLES: Role[] = SYSTEM_ROLES.map((r) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  permissions: [...r.permissions],
  isSystemRole: true,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  userCount: 1,
}));

const INFO: AppInfo = {
  host: 'browser',
  version: '1.0.0',
  gatewayUrl: 'http://127.0.0.1:4100',
  organizationApiUrl: 'http://127.0.0.1:4200/',
  embeddedServer: false,
  demo: true,
  dataDir: '/tmp/console',
  logDir: '/tmp/console/logs',
};
const ORG = '10000000-0000-4000-8000-000000000001';

function bridge(extra: Record<string, (input: never) => unknown> = {}) {
  return installBridge({
    'roles.listPermissions': () => PERMISSIONS,
    'roles.listRoles': () => ROLES,
    'roles.userPermissions': () => [],
    'app:info': () => INFO,
    ...extra,
  });
}

const SCREENS = [
  ['Role & Permission Management', () => <RolePermissionsPage />],
  ['Role Verification', () => <RoleVerificationPage />],
] as const;

describe('the role screens', () => {
  beforeEach(() => {
    stubResizeObserver();
    signInAs(SUPER_ADMIN);
    useOrganizationStore.setState({ currentId: ORG, loaded: true });
  });
  afterEach(() => {
    removeBridge();
    useOrganizationStore.setState({ currentId: null, loaded: false });
  });

  describe.each(SCREENS)('%s, when the role model cannot be loaded', (_name, page) => {
    it('shows the failure its message', async () => {
      bridge({
        'roles.listRoles': () => {
          throw new Error('The console server is not reachable');
        },
      });
      renderScreen(page());
      expect(await screen.findByText('The console server is not reachable')).toBeTruthy();
    });

    it(`shows "${ERRORS.rbacInitFailed}" when the failure has no message`, async () => {
      bridge({
        'roles.listPermissions': () => {
          throw new Error('');
        },
      });
      renderScreen(page());
      expect(await screen.findByText(ERRORS.rbacInitFailed)).toBeTruthy();
      expect(screen.queryByText(/could not be loaded/)).toBeNull();
    });
  });

  it('previews each role template with three permission actions, then how many more', async () => {
    bridge();
    const user = userEvent.setup();
    renderScreen(<RolePermissionsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Role Templates' }));
    const preview = within(screen.getByRole('list', { name: 'Preview of Security Analyst' }));
    expect(preview.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Read dashboard',
      'Read audit',
      'Read alerts',
      '+3 more',
    ]);
    expect(preview.getByText('Read audit').getAttribute('title')).toBe('audit.read');
  });

  it('shows exactly the API check commands the screen source builds, with both base addresses', async () => {
    bridge();
    renderScreen(<RoleVerificationPage />);
    const region = await screen.findByRole('region', { name: 'API check commands' });
    const expected = apiCheckCommands(INFO, ORG).map((c) => c.text);
    expect(region.textContent).toBe(expected.join('\n'));
    expect(expected[0]).toBe(
      'curl -H "Authorization: Bearer $TOKEN" http://127.0.0.1:4200/organizations/user',
    );
    expect(region.textContent).not.toContain('/auth/verify');
    expect(screen.queryByText(/CONSOLE_LAUNCH_SECRET/)).toBeNull();
  });

  it('against the console’s own server, the commands send its launch secret and the card says how to set it', async () => {
    const embedded = {
      ...INFO,
      gatewayUrl: 'http://127.0.0.1:4300',
      organizationApiUrl: 'http://127.0.0.1:4300',
      embeddedServer: true,
    };
    bridge({ 'app:info': () => embedded });
    renderScreen(<RoleVerificationPage />);
    const region = await screen.findByRole('region', { name: 'API check commands' });
    await waitFor(() =>
      expect(region.textContent).toContain(
        'curl -H "Authorization: Bearer $TOKEN" -H "x-console-launch-secret: $CONSOLE_LAUNCH_SECRET" http://127.0.0.1:4300/organizations/user',
      ),
    );
    expect(screen.getByText(/start the console with CONSOLE_LAUNCH_SECRET set/)).toBeTruthy();
  });

  it('leaves the center analytics command out, and says why, without a current organization', async () => {
    useOrganizationStore.setState({ currentId: null });
    bridge();
    renderScreen(<RoleVerificationPage />);
    const region = await screen.findByRole('region', { name: 'API check commands' });
    await waitFor(() =>
      expect(region.textContent).toBe(
        apiCheckCommands(INFO, null)
          .map((c) => c.text)
          .join('\n'),
      ),
    );
    expect(screen.getByText('No current organization: the center analytics command needs one.')).toBeTruthy();
  });
});
