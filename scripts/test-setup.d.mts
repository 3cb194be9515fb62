export interface Requirement {
  what: string;
  file: string;
  pkg: string;
}
export function requirements(env?: NodeJS.ProcessEnv): Requirement[];
export function clusterRequirements(env?: NodeJS.ProcessEnv): Requirement[];
export function missing(
  env?: NodeJS.ProcessEnv,
  exists?: (file: string) => boolean,
  needs?: Requirement[],
): Requirement[];
export class SetupError extends Error {}
export function installHint(packages: string[], purpose?: string): string;
export function ensureInstalled(options?: {
  env?: NodeJS.ProcessEnv;
  isRoot?: boolean;
  log?: (line: string) => void;
  needs?: Requirement[];
  purpose?: string;
}): string[];
export function freePort(): Promise<number>;
export function isRoomyTmpfs(base: string, minFree: number): boolean;
export function makeRunTempFolder(env?: NodeJS.ProcessEnv, base?: string): string | undefined;
export function startCluster(port: number, env?: NodeJS.ProcessEnv): string;
export function stopCluster(port: number, env?: NodeJS.ProcessEnv): void;
