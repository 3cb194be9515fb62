import { auditEndpoints } from '../../../shared/api/audit';
import { exportEndpoints } from '../../../shared/api/exports';
import { ERRORS } from '../../../shared/errors';
import type { GatewayClient, GatewayResult } from '../clients/gateway-client';
import { textSource, type SaveDialog, type SaveSource } from '../save/save-dialog';
import type { BridgeEventBus } from './events';
import { BridgeFailure } from './failure';
import type { Handlers, HandlerInput } from './handlers';

export type ExportChannel =
  'audit:list' | 'audit:verify' | 'export:start' | 'export:history' | 'export:status' | 'export:save';

export interface ExportHandlerDeps {
  gateway: GatewayClient;
  events: BridgeEventBus;
  saveDialog: SaveDialog;
  /** Opens an export's file on the gateway (GET downloadUrl with the session's token). */
  openDownload(downloadUrl: string): Promise<AsyncIterable<Uint8Array>>;
}

function dataOf<T>(result: GatewayResult<T>): T {
  if (!result.success) throw new BridgeFailure('FAILED', result.error);
  return result.data;
}

/** The audit trail and the exports (part 2 §2, §7): Client B calls, and saving through the SaveDialog. */
export function createExportHandlers(deps: ExportHandlerDeps): Pick<Handlers, ExportChannel> {
  const { gateway, events, saveDialog } = deps;

  async function jobSource(id: string, fileName: string | undefined): Promise<SaveSource> {
    const job = dataOf(await gateway.request(exportEndpoints.exportStatus, { params: { id } }));
    const downloadUrl = job.downloadUrl;
    if (!downloadUrl) throw new BridgeFailure('FAILED', ERRORS.exportExpired);
    return {
      fileName: fileName ?? job.fileName,
      rows: job.rowCount,
      open: () => deps.openDownload(downloadUrl),
    };
  }

  const sourceOf = async (input: HandlerInput<'export:save'>): Promise<SaveSource> =>
    'content' in input
      ? textSource(input.fileName, input.content)
      : jobSource(input.downloadId, input.fileName);

  return {
    'audit:list': async (query) => dataOf(await gateway.request(auditEndpoints.listAuditLogs, { query })),
    'audit:verify': async () => dataOf(await gateway.request(auditEndpoints.verifyAuditLogs)),
    'export:start': async (body) => dataOf(await gateway.request(exportEndpoints.createExport, { body })),
    'export:history': async () => dataOf(await gateway.request(exportEndpoints.exportHistory)),
    'export:status': async ({ id }) =>
      dataOf(await gateway.request(exportEndpoints.exportStatus, { params: { id } })),
    'export:save': async (input) => {
      const source = await sourceOf(input);
      return saveDialog.save(source, (bytes, done) =>
        events.emit('export:progress', { fileName: source.fileName, bytes, rows: source.rows, done }),
      );
    },
  };
}
