import { usageEndpoints, type UsageBatch } from '../../../shared/api/usage';
import type { GatewayClient } from '../clients/gateway-client';
import type { HandlerDeps, Handlers } from './handlers';

/** The OS as usage events name it. */
export function usageOs(platform: NodeJS.Platform = process.platform): UsageBatch['os'] {
  if (platform === 'win32') return 'windows';
  if (platform === 'darwin') return 'macos';
  if (platform === 'linux') return 'linux';
  return 'other';
}

/**
 * 'usage:record': the renderer's batch of usage events, sent on with the host and OS that only the main
 * process knows, under the session's token (the server attributes them to that user).
 */
export function createUsageHandlers(
  gateway: Pick<GatewayClient, 'call'>,
  appInfo: HandlerDeps['appInfo'],
): Pick<Handlers, 'usage:record'> {
  return {
    'usage:record': async (batch) => {
      const { host } = await appInfo();
      return gateway.call(usageEndpoints.recordEvents, { body: { ...batch, host, os: usageOs() } });
    },
  };
}
