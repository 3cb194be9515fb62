import { DEMO, expect, signInAs, test } from './fixtures';
import { nextTheme, type Theme } from '../../shared/constants';

// A fresh host (the worker's, put back to the demo): the theme is the host's.
test('the theme cycles light, dark, auto and survives a reload', async ({ page, freshHost: host }) => {
  await signInAs(page, host, DEMO.admin);
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await expect(toggle).toBeVisible();
  const html = page.locator('html');
  // Cycle to dark whatever the starting point, one step at a time: the page draws the new theme a moment
  // after the click, and reading it before that (a loaded machine) would click past dark.
  for (let i = 0; i < 3; i++) {
    const theme = (await html.getAttribute('data-theme')) as Theme;
    if (theme === 'dark') break;
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', nextTheme(theme));
  }
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveClass(/\bdark\b/);
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'auto');
});

test('every route exists with its title and the header shows its controls', async ({
  page,
  sharedHost: host,
}) => {
  await signInAs(page, host, DEMO.admin);
  await expect(page.getByText('LIVE')).toBeVisible();
  const range = page.getByLabel('Date range');
  await expect(range.locator('option')).toHaveText([
    'Last 7 Days',
    'Last 30 Days',
    'Last Quarter',
    'Year to Date',
  ]);
  // The bell counts the real undismissed alerts (issue 10 §9; diagnostics.spec.ts follows them).
  await expect(page.getByRole('button', { name: /unread alert/ })).toBeVisible();
  // A host just put back streams the demo's opening alerts one by one: the banner's arrival moves the
  // navigation down, and a link clicked at that moment would be missed for the one above it.
  await expect(page.getByRole('region', { name: 'Alerts', exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const group of [
    'Dashboard',
    'Monitoring',
    'Management',
    'Administration',
    'Security & Roles',
    'System',
  ]) {
    await expect(nav.getByText(group, { exact: true })).toBeVisible();
  }
  const titles = [
    'Cost Optimization',
    'User Analytics',
    'System Health',
    'API Performance',
    'Alert Management',
    'Alert Rules',
    'User Management',
    'Organization',
    'Advanced Reporting',
    'Integration Management',
    'Audit Logs',
    'Backup & Recovery',
    'Role & Permission Management',
    'Role Verification',
    'System Settings',
  ];
  for (const title of titles) {
    await nav.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});

test('the token never reaches the page', async ({ page, sharedHost: host }) => {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'fetch' || response.url().includes('/bridge')) {
      bodies.push(await response.text().catch(() => ''));
    }
  });
  await signInAs(page, host, DEMO.admin);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible();
  const jwt = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;
  const seen = await page.evaluate(() => {
    const storage = (s: Storage) =>
      Object.keys(s)
        .map((k) => `${k}=${s.getItem(k) ?? ''}`)
        .join('\n');
    const globals = Object.getOwnPropertyNames(window)
      .map((name) => {
        try {
          const value = (window as unknown as Record<string, unknown>)[name];
          return typeof value === 'string' ? value : '';
        } catch {
          return '';
        }
      })
      .join('\n');
    return [
      document.documentElement.outerHTML,
      storage(localStorage),
      storage(sessionStorage),
      document.cookie,
      globals,
    ].join('\n');
  });
  expect(seen).not.toMatch(jwt);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) expect(body).not.toMatch(jwt);
  // The bridge cookie is HttpOnly: the page cannot read it either.
  expect(await page.evaluate(() => document.cookie)).toBe('');
});
