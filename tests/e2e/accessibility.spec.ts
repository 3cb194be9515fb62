import { BANNER } from '../../shared/alerts';
import { expect, test } from './fixtures';
import { ROUTES, describeAxeScans, settled } from './axe-scans';

// The light theme's scans (every rule), the sign-in page, and reduced motion; the dark theme's are in
// accessibility-dark.spec.ts so the two run in separate workers.
const session = describeAxeScans('light');

test('the sign-in page is clean under axe', () => {
  expect(session.signInPageFindings).toEqual([]);
  // Checked here so a route table that lost its screens cannot pass by scanning nothing.
  expect(ROUTES.length).toBeGreaterThanOrEqual(16);
});

test('with reduced motion asked for, the banner neither rotates nor fades and nothing animates', async () => {
  const { page, host } = session;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // A controllable clock, from a fresh load so the banner's timers run on it.
  await page.clock.install();
  await page.goto(`${host.origin}/#/dashboard`);
  await page.reload();
  await settled(page, 'Executive Dashboard');
  const banner = page.getByRole('region', { name: 'Alerts', exact: true });
  const current = page.getByTestId('alert-banner-current');
  const counter = page.getByTestId('alert-banner-counter');
  await expect(counter).toHaveText(/^1 \/ ([2-9]|\d\d)$/);
  const shown = await current.textContent();

  await page.clock.runFor(3 * BANNER.rotateMs);
  await expect(counter).toHaveText(/^1 \//);
  await expect(current).toHaveText(shown ?? '');
  expect(await current.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0s');
  // The header's live pulse is not drawn at all.
  await expect(page.getByTestId('live-ping')).toBeHidden();

  // Next moves at once: no fade between the two.
  await banner.getByRole('button', { name: 'Next alert' }).click();
  await expect(counter).toHaveText(/^2 \//);
  await expect(current).not.toHaveClass(/opacity-0/);
});
