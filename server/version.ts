import { readFileSync } from 'node:fs';

/**
 * The app's version, read from package.json at the app root: two levels above both this source file and
 * the bundles in dist/<x>/<y>.js (see DEFAULT_MIGRATIONS_FOLDER).
 */
export function appVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'version' in parsed && typeof parsed.version === 'string') {
      return parsed.version;
    }
  } catch {
    // A layout without package.json (an unusual packaging) still serves; the version is informative only.
  }
  return '0.0.0';
}
