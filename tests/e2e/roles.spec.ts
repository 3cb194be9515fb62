import type { Page } from '@playwright/test';
import { ERRORS } from '../../shared/errors';
import { PERMISSIONS } from '../../shared/permissions';
import {
  embeddedServerUrl,
  gatewayTo,
  LAUNCH_SECRET_HEADERS,
  makeDataDir,
  startHost,
  TEST_LAUNCH_SECRET,
  type RunningHost,
} from '../support/browser-host';
import { DEMO, DEMO_PASSWORD, expect, openConsole, signIn, test } from './fixtures';

/** The teacher's fixed demo id (server/seed/demo-users.ts). */
const TEACHER_ID = '00000000-0000-4000-8000-000000000004';

async function openRoleManagement(page: Page, host: RunningHost) {
  await openConsole(page, host, '/role-permissions');
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Role & Permission Management' })).toBeVisible();
}

test('a center admin without roles.read sees the role-management refusal', async ({
  page,
  sharedHost: host,
}) => {
  await openConsole(page, host, '/role-permissions');
  await signIn(page, DEMO.director);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access role management")).toBeVisible();
  // Nor does the navigation offer it.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Executive Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Role & Permission Management' })).toHaveCount(0);
});

test('a role made from a template gains a permission in the matrix, and its holder a screen at the next session check', async ({
  page,
  freshHost: host,
  browser,
  request,
}) => {
  await openRoleManagement(page, host);

  // Create from the Security Analyst template: the form opens prefilled.
  await page.getByRole('tab', { name: 'Role Templates' }).click();
  const template = page.getByRole('listitem', { name: 'Security Analyst' });
  const preview = template.getByRole('list', { name: 'Preview of Security Analyst' });
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  // Part 2 §9: three permission actions, then how many more.
  await expect(preview).toContainText('Read audit');
  await template.getByRole('button', { name: 'Use Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Role' });
  await expect(dialog.getByLabel('Role Name')).toHaveValue('Security Analyst');
  await expect(dialog.getByRole('checkbox', { name: 'audit.read' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'settings.read' })).not.toBeChecked();
  await dialog.getByLabel('Role Name').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Create Role' })).toBeDisabled();
  await dialog.getByLabel('Role Name').fill('Night Watch');
  await dialog.getByRole('button', { name: 'Create Role' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('tab', { name: 'Roles' }).click();
  const card = page.getByRole('listitem', { name: 'Night Watch' });
  await expect(card).toContainText('6 permissions');

  // The teacher is given the new role (user management is another screen: here through the API).
  const base = embeddedServerUrl(host);
  const login = await request.post(`${base}/auth/login`, {
    headers: LAUNCH_SECRET_HEADERS,
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { Authorization: `Bearer ${token}`, ...LAUNCH_SECRET_HEADERS };
  const roles = (
    (await (await request.get(`${base}/roles`, { headers: auth })).json()) as {
      data: { id: string; name: string }[];
    }
  ).data;
  const nightWatch = roles.find((r) => r.name === 'Night Watch')!;
  const assigned = await request.put(`${base}/users/${TEACHER_ID}/role`, {
    headers: auth,
    data: { roleId: nightWatch.id },
  });
  expect(assigned.ok()).toBe(true);

  // The teacher, at another desktop on the same server, may not open System Settings yet.
  const otherData = await makeDataDir();
  const gateway = await gatewayTo(base);
  const other = await startHost(otherData.dir, {
    env: { CONSOLE_GATEWAY_URL: gateway.url },
    // It has no embedded server to wait for: it uses the first host's.
    waitForServer: false,
  });
  const context = await browser.newContext();
  try {
    const teacher = await context.newPage();
    await openConsole(teacher, other, '/settings');
    await signIn(teacher, DEMO.teacher);
    await expect(teacher.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(teacher.getByText('Required permission: settings.read')).toBeVisible();

    // The administrator grants settings.read in the matrix; system roles' cells are disabled.
    await page.getByRole('tab', { name: 'Permission Matrix' }).click();
    await expect(page.getByRole('checkbox', { name: 'Teacher: settings.read' })).toBeDisabled();
    const cell = page.getByRole('checkbox', { name: 'Night Watch: settings.read' });
    await cell.click();
    await expect(cell).toBeChecked();
    await expect(cell).toBeEnabled();

    // The next session check (Refresh) brings the permission to the teacher's console.
    await teacher.getByRole('button', { name: 'Refresh' }).click();
    await expect(teacher.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
    await expect(
      teacher
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'System Settings' }),
    ).toBeVisible();
  } finally {
    await context.close();
    await other.stop();
    await otherData.remove();
    await gateway.close();
  }
});

test('a custom role is deleted after confirmation; a system role cannot be', async ({
  page,
  freshHost: host,
}) => {
  await openRoleManagement(page, host);
  await page.getByRole('button', { name: 'Create Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Role' });
  await dialog.getByLabel('Role Name').fill('Temporary Crew');
  await dialog.getByLabel('Description').fill('Helps for a week');
  await dialog.getByRole('button', { name: 'Create Role' }).click();
  const card = page.getByRole('listitem', { name: 'Temporary Crew' });
  await expect(card).toContainText('Helps for a week');

  // A name another role holds (409, told by its code) is shown at the name field, which the user can fix.
  await page.getByRole('button', { name: 'Create Role' }).click();
  const again = page.getByRole('dialog', { name: 'Create Role' });
  await again.getByLabel('Role Name').fill('temporary crew');
  await again.getByRole('button', { name: 'Create Role' }).click();
  await expect(again.getByLabel('Role Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByLabel('Role Name')).toHaveAccessibleDescription(ERRORS.roleNameTaken);
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toHaveCount(0);

  // Search and the filter narrow the cards.
  await page.getByRole('searchbox', { name: 'Search roles and permissions' }).fill('temporary');
  await expect(page.getByRole('listitem', { name: 'Teacher' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search roles and permissions' }).fill('');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Role type').selectOption('system');
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.keyboard.press('Escape');
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Delete Temporary Crew' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Role' });
  await expect(confirm).toContainText('Delete role "Temporary Crew"?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);

  // A system role offers no delete control, and the server refuses the call anyway.
  const teacherCard = page.getByRole('listitem', { name: 'Teacher' });
  await expect(teacherCard).toBeVisible();
  await expect(teacherCard.getByRole('button', { name: 'Delete Teacher' })).toHaveCount(0);
  // A failure crosses the bridge as data: the server's text, a stable code and the HTTP status.
  const refusal = await page.evaluate(() =>
    window.consoleApi['roles.deleteRole']({ params: { id: 'teacher' } }),
  );
  expect(refusal).toEqual({
    ok: false,
    error: { code: 'INVALID', message: ERRORS.systemRoleImmutable, status: 400 },
  });
  await expect(teacherCard).toBeVisible();
});

test('role verification tests a role on the server and runs the checklist', async ({
  page,
  sharedHost: host,
  request,
}) => {
  await openConsole(page, host, '/role-verification');
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Role Verification' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Role' })).toContainText('Super Admin');

  const tester = page.getByRole('region', { name: 'Test a Role' });
  await tester.getByLabel('Role').selectOption({ label: 'Staff' });
  await tester.getByRole('button', { name: 'Test Permissions' }).click();
  await expect(tester).toContainText(`3 of ${PERMISSIONS.length} permissions granted`);
  await expect(
    tester.getByRole('list', { name: 'Permission results' }).getByRole('img', { name: 'pass' }),
  ).toHaveCount(3);

  const matrix = page.getByRole('region', { name: 'Role Matrix' });
  await expect(matrix.getByRole('row', { name: /center_admin/ })).toContainText('/center-admin');

  const checklist = page.getByRole('region', { name: 'Testing Checklist' });
  await checklist.getByRole('button', { name: 'Run Checklist' }).click();
  await expect(checklist.getByText('PASS')).toHaveCount(3);
  await expect(checklist.getByRole('listitem', { name: 'List every center' })).toContainText(
    'GET /centers → 200',
  );

  const info = await page.evaluate(() => window.consoleApi['app:info']());
  if (!info.ok) throw new Error(info.error.message);
  const commands = page.getByLabel('API check commands');
  // The console's own server answers only with its launch secret: the commands send it too.
  const headers = '-H "Authorization: Bearer $TOKEN" -H "x-console-launch-secret: $CONSOLE_LAUNCH_SECRET"';
  await expect(commands).toContainText(`curl ${headers} ${info.value.organizationApiUrl}/organizations/user`);
  await expect(commands).toContainText(`curl ${headers} ${info.value.gatewayUrl}/centers`);

  // Every command works as printed: its method, headers and address, with $TOKEN a session token.
  const login = await request.post(`${info.value.gatewayUrl}/auth/login`, {
    headers: LAUNCH_SECRET_HEADERS,
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const lines = ((await commands.textContent()) ?? '').split('\n').filter(Boolean);
  expect(lines).toHaveLength(3);
  for (const line of lines) {
    const printed = /^curl (?:-X (\w+) )?((?:-H "[^"]+" )*)(\S+)$/.exec(line);
    expect(printed, line).not.toBeNull();
    const [, method = 'GET', headerText = '', url = ''] = printed!;
    const headers = Object.fromEntries(
      [...headerText.matchAll(/-H "([^:]+): ([^"]+)"/g)].map(([, name, value]) => [
        name!,
        value!.replace('$TOKEN', token).replace('$CONSOLE_LAUNCH_SECRET', TEST_LAUNCH_SECRET),
      ]),
    );
    const answer = await request.fetch(url, { method, headers });
    expect(answer.status(), line).toBe(200);
    expect(((await answer.json()) as { success: boolean }).success, line).toBe(true);
  }
});
