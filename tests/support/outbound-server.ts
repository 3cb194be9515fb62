/**
 * A server for end-to-end tests whose webhooks may reach loopback sinks: `node --import tsx
 * tests/support/outbound-server.ts` starts the demo server on a free port with the test-only outbound
 * allowance (never a configuration variable) and prints `listening <url>`; SIGTERM stops it.
 */
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/start';

const server = await startServer({
  port: 0,
  seedDemo: true,
  logger: createLogger({ level: 'warn' }),
  outbound: { allow: ['127.0.0.1/32'] },
});
console.log(`listening ${server.url}`);
process.once('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
