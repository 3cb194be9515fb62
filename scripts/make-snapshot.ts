// Build step: the demo database dump that a new embedded PGlite data directory starts from.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDemoSnapshot, DEMO_SNAPSHOT_FILE } from '../server/db/snapshot';

const snapshot = await createDemoSnapshot();
await mkdir(path.dirname(DEMO_SNAPSHOT_FILE), { recursive: true });
await writeFile(DEMO_SNAPSHOT_FILE, Buffer.from(await snapshot.arrayBuffer()));
console.log(`demo database snapshot: ${(snapshot.size / 1024 / 1024).toFixed(1)} MiB`);
