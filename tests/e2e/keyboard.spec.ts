import type { Locator, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, openConsole, test } from './fixtures';

/**
 * A real task with the keyboard alone (issue 17): sign in, skip to the content, switch organization,
 * step through the banner's alerts, open Role & Permission Management, create a role, open it and close it, and change a permission in the
 * matrix. `page.keyboard` only: each step also proves focus lands where a keyboard user needs it.
 */

// The host of its own starts within the test's time; on a busy machine that alone can take a minute.
test.describe.configure({ timeout: 150_000 });

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user walks to a control. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  for (let press = 0; press < max; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element has a visible focus ring: an outline wider than nothing, in a colour. */
async function expectFocusRing(target: Locator): Promise<void> {
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

test('a keyboard alone switches organization, creates and opens a role, and changes it in the matrix', async ({
  page,
  freshHost: host,
}) => {
  // The banner holds still (no rotation), so every step it takes is the keyboard's.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openConsole(page, host);

  // Sign in: the email field has focus when the form opens.
  await expect(page.getByLabel('Email Address')).toBeFocused();
  await page.keyboard.type(DEMO.admin);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Executive Dashboard' })).toBeVisible({
    timeout: 60_000,
  });

  // The first stop of the page is the skip link, shown when focused; it takes focus to the content.
  await page.locator('body').evaluate((body) => (body as HTMLElement).focus());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();

  // Switch organization: Shift+Tab back to the header's switcher, arrows and Enter to choose.
  const switcher = page.getByRole('button', { name: /^Organization: / });
  await tabTo(page, switcher, { backwards: true });
  await expectFocusRing(switcher);
  const before = await switcher.getAttribute('aria-label');
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  // Escape closes it and gives focus back.
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(switcher).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(listbox).toBeVisible();
  // Down the list to an organization other than the current one.
  const active = listbox.locator('[data-focus]');
  let chosen = '';
  for (let press = 0; press < 5 && (chosen === '' || `Organization: ${chosen}` === before); press += 1) {
    await page.keyboard.press('ArrowDown');
    chosen = (await active.locator('span.truncate').textContent())?.trim() ?? '';
  }
  expect(`Organization: ${chosen}`).not.toBe(before);
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(switcher).toHaveAttribute('aria-label', `Organization: ${chosen}`);

  // The banner: arrows step through the alerts, Enter expands, Escape folds back onto the toggle.
  const banner = page.getByRole('region', { name: 'Alerts', exact: true });
  const counter = banner.getByTestId('alert-banner-counter');
  await expect(counter).toHaveText(/^1 \/ ([2-9]|\d\d)$/);
  await tabTo(page, banner.getByRole('button', { name: 'Previous alert' }));
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/^2 \//);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(/^1 \//);
  const expand = banner.getByRole('button', { name: 'Expand alerts' });
  await tabTo(page, expand);
  await page.keyboard.press('Enter');
  await expect(banner.getByRole('list', { name: 'Latest alerts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(banner.getByRole('list', { name: 'Latest alerts' })).toBeHidden();
  await expect(expand).toBeFocused();

  // To Role & Permission Management through the navigation; focus lands on the new screen's heading.
  const navLink = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Role & Permission Management' });
  await tabTo(page, navLink);
  await expectFocusRing(navLink);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'Role & Permission Management' });
  await expect(heading).toBeFocused();

  // Create a role: the dialog opens on its first field and keeps Tab inside.
  const create = page.getByRole('button', { name: 'Create Role' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Create Role' });
  await expect(form.getByLabel('Role Name')).toBeFocused();
  await page.keyboard.type('Keyboard Desk');
  const firstPermission = form.getByRole('checkbox').first();
  await tabTo(page, firstPermission, { max: 10 });
  await page.keyboard.press('Space');
  await expect(firstPermission).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Create Role' }));
  await page.keyboard.press('Enter');
  // Gone, not "hidden": the dialog's own element has no height (its panel is fixed-positioned), so Playwright
  // calls it hidden while it is still open, its Create Role button pending (the failure of stop 39's CI).
  await expect(form).toHaveCount(0);
  await expect(create).toBeFocused();

  // Open the new role, walk its dialog (focus never leaves it), close it with Escape: focus comes back.
  const edit = page.getByRole('button', { name: 'Edit Keyboard Desk' });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(dialog.getByRole('heading', { name: 'Edit Role' })).toBeVisible();
  for (let press = 0; press < 8; press += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(edit).toBeFocused();

  // The matrix: to the tab strip, arrows to its tab, then the role's cell, toggled with Space.
  const rolesTab = page.getByRole('tab', { name: 'Roles', exact: true });
  await tabTo(page, rolesTab, { backwards: true });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const matrixTab = page.getByRole('tab', { name: 'Permission Matrix' });
  await expect(matrixTab).toBeFocused();
  await expect(matrixTab).toHaveAttribute('aria-selected', 'true');
  const cell = page.getByRole('checkbox', { name: 'Keyboard Desk: audit.read' });
  await expect(cell).not.toBeChecked();
  await tabTo(page, cell, { max: 400 });
  await expectFocusRing(cell);
  await page.keyboard.press('Space');
  await expect(cell).toBeChecked();
  await expect(cell).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
