// Prints the bridge contract's channel and event names as JSON, for scripts/build.mjs to write into
// the browser host's /bridge.js (which must not bundle the contract's schemas to learn them).
import { CHANNELS, EVENT_NAMES } from '../shared/bridge/contract';
import type { BridgeNames } from '../preload/build-api';

const names: BridgeNames = { channels: CHANNELS, events: EVENT_NAMES };
process.stdout.write(JSON.stringify(names));
