import { DEMO, expect, openConsole, signIn, signInAs, test } from './fixtures';

// Signing in and out is what these test: all but the restart share the worker's host, each starting signed out.

test('a wrong password shows the Login Failed box with the server message', async ({
  page,
  sharedHost: host,
}) => {
  await openConsole(page, host);
  await expect(page.getByText('Restricted Access')).toBeVisible();
  await expect(page.getByText('Secure Authentication')).toBeVisible();
  await signIn(page, DEMO.admin, 'not-the-password');
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
});

test('signing in lands on the dashboard with the user block filled', async ({ page, sharedHost: host }) => {
  await openConsole(page, host);
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Executive Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByText('Super Admin').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('a visitor is sent to /login and returned to the page first asked for', async ({
  page,
  sharedHost: host,
}) => {
  await openConsole(page, host, '/settings');
  await expect(page).toHaveURL(/#\/login/);
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await expect(page).toHaveURL(/#\/settings$/);
});

test('signing out returns to /login and forgets the session', async ({ page, sharedHost: host }) => {
  await signInAs(page, host, DEMO.admin);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto(`${host.origin}/#/dashboard`);
  await expect(page).toHaveURL(/#\/login/);
});

test('roles without console access are refused at sign-in', async ({ page, sharedHost: host }) => {
  await openConsole(page, host);
  await signIn(page, DEMO.teacher);
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText(/does not give access to the operations console/)).toBeVisible();
});

test('a role lacking a route permission sees Access Denied', async ({ page, sharedHost: host }) => {
  await signInAs(page, host, DEMO.director);
  await page.goto(`${host.origin}/#/users`);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByText('users.manage')).toBeVisible();
  await expect(page.getByText('Center Admin').first()).toBeVisible();
  // The navigation offers only what the user may open.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible();
});

test('the session survives a restart of the host', async ({ page, host, restartHost }) => {
  await signInAs(page, host, DEMO.admin);
  const next = await restartHost();
  await openConsole(page, next, '/audit-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
});
