import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The marker @electron/fuses looks for in an Electron binary, followed by version, length and states. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/**
 * Electron's own defaults: RunAsNode on, cookie encryption off, NODE_OPTIONS on, inspect arguments on,
 * asar integrity off, only-load-from-asar off, browser V8 snapshot off, file protocol privileges on.
 */
const DEFAULT_WIRE = '10110001';

/**
 * A stand-in for Electron's unpacked distribution: the real binary comes from GitHub and cannot be
 * downloaded here. It carries a real fuse wire, so packaging flips fuses exactly as on the real binary.
 */
export async function makeStubElectronDist(dir: string): Promise<string> {
  await mkdir(path.join(dir, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stub electron"\nexit 0\n'),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(DEFAULT_WIRE),
    Buffer.from('\n'),
  ]);
  const binary = path.join(dir, 'electron');
  await writeFile(binary, wire);
  await chmod(binary, 0o755);
  await writeFile(path.join(dir, 'version'), 'stub');
  return dir;
}
