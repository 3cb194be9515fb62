export const BROWSER_FALLBACK_LINE: string;
export const DESKTOP_MISSING_LINE: string;
export function electronPackageDir(root?: string): string | undefined;
export function findElectronBinary(
  packageDir: string | undefined,
  env?: NodeJS.ProcessEnv,
): string | undefined;
export function parseArgs(args: string[]): { desktop: boolean; build: boolean; rest: string[] };
export type StartChoice =
  | { kind: 'desktop'; command: string; args: string[]; entry: string }
  | { kind: 'browser'; line: string; command: string; args: string[]; entry: string }
  | { kind: 'fail'; line: string; code: number };
export function chooseHost(options: {
  args?: string[];
  electronBinary: string | undefined;
  nodePath?: string;
  root?: string;
}): StartChoice;
