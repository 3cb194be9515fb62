import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the build put each piece, seen from a bundle in dist/main/ (electron.js, browser.js). */
export interface DistPaths {
  rendererDir: string;
  rendererIndex: string;
  /** dist/preload/preload.cjs: the Electron preload. */
  electronPreload: string;
  /** dist/preload/bridge.js: the browser host's stand-in for the preload. */
  browserBridge: string;
  packageJson: string;
  /** dist/server/worker.js: the embedded server's thread. */
  serverWorker: string;
  /** dist/server/pglite-demo.tar.gz: the demo database a first launch starts from. */
  demoSnapshot: string;
}

export function distPaths(moduleUrl: string): DistPaths {
  const at = (relative: string) => fileURLToPath(new URL(relative, moduleUrl));
  return {
    rendererDir: at('../renderer/'),
    rendererIndex: at('../renderer/index.html'),
    electronPreload: at('../preload/preload.cjs'),
    browserBridge: at('../preload/bridge.js'),
    packageJson: at('../../package.json'),
    serverWorker: at('../server/worker.js'),
    demoSnapshot: at('../server/pglite-demo.tar.gz'),
  };
}

/** The app's version from package.json, or 0.0.0 when it cannot be read. */
export function readVersion(packageJsonPath: string): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'version' in parsed &&
      typeof parsed.version === 'string'
    ) {
      return parsed.version;
    }
  } catch {
    // Fall through: a missing version must not stop the console.
  }
  return '0.0.0';
}
