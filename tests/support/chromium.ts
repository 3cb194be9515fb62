/**
 * Debian's Chromium, as every browser test and benchmark launches it: Playwright's own browser
 * download cannot run on these machines, and without the background-networking flags Chromium
 * keeps knocking on a closed network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
