/**
 * Debian's Chromium, as every browser test and benchmark launches it: Playwright's own browser
 * download cannot run on these machines, and without the background-networking flags Chromium
 * keeps knocking on a closed network. Its headless shell (package chromium-headless-shell), as Playwright
 * itself runs headless Chromium: the same Blink without the browser's own layers. The browser-host
 * suite, two workers, one run after the other: 464 s with the whole browser in its headless mode, 375 s
 * with the shell.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/**
 * The whole browser (package chromium) in its headless mode, for what the headless shell lacks: it grants no
 * desktop notifications (`Notification.permission` stays 'denied' whatever the context was granted).
 */
export const WHOLE_CHROMIUM_PATH = process.env.WHOLE_CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
