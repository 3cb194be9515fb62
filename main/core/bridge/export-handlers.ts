import { backupEndpoints } from '../../../shared/api/backups';
import { exportEndpoints } from '../../../shared/api/exports';
import { reportEndpoints } from '../../../shared/api/reports';
import { isDiskFull } from '../../../shared/disk-full';
import { ERRORS } from '../../../shared/errors';
import type { GatewayClient } from '../clients/gateway-client';
import { textSource, type SaveDialog, type SaveSource } from '../save/save-dialog';
import type { BridgeEventBus } from './events';
import { BridgeFailure } from './failure';
import type { Handlers, HandlerInput } from './handlers';

export type ExportChannel = 'export:save';

export interface ExportHandlerDeps {
  gateway: Pick<GatewayClient, 'call'>;
  events: BridgeEventBus;
  saveDialog: SaveDialog;
  /** Opens an export's file on the gateway (GET downloadUrl with the session's token). */
  openDownload(downloadUrl: string): Promise<AsyncIterable<Uint8Array>>;
}

/**
 * Saving a file (part 2 §7): text of the console, an export job's, a report's or a recovery point's file,
 * through the SaveDialog.
 */
export function createExportHandlers(deps: ExportHandlerDeps): Pick<Handlers, ExportChannel> {
  const { gateway, events, saveDialog } = deps;

  async function jobSource(id: string, fileName: string | undefined): Promise<SaveSource> {
    const job = await gateway.call(exportEndpoints.exportStatus, { params: { id } });
    const downloadUrl = job.downloadUrl;
    if (!downloadUrl) throw new BridgeFailure('NOT_FOUND', ERRORS.exportExpired);
    return {
      fileName: fileName ?? job.fileName,
      rows: job.rowCount,
      open: () => deps.openDownload(downloadUrl),
    };
  }

  /** A report's latest file, while it is kept. */
  async function reportSource(id: string, fileName: string | undefined): Promise<SaveSource> {
    const { reports } = await gateway.call(reportEndpoints.listReports);
    const file = reports.find((r) => r.id === id)?.file;
    if (!file) throw new BridgeFailure('NOT_FOUND', ERRORS.reportFileMissing);
    return {
      fileName: fileName ?? file.fileName,
      rows: null,
      open: () => deps.openDownload(file.downloadUrl),
    };
  }

  /** A recovery point's archive, streamed as written: it is already encrypted with age. */
  async function recoveryPointSource(id: string, fileName: string | undefined): Promise<SaveSource> {
    const { recoveryPoints } = await gateway.call(backupEndpoints.overview);
    const point = recoveryPoints.find((p) => p.id === id);
    if (!point) throw new BridgeFailure('NOT_FOUND', ERRORS.recoveryPointMissing);
    return {
      fileName: fileName ?? point.fileName,
      rows: null,
      open: () => deps.openDownload(point.downloadUrl),
    };
  }

  const sourceOf = async (input: HandlerInput<'export:save'>): Promise<SaveSource> =>
    'content' in input
      ? textSource(input.fileName, input.content)
      : 'reportId' in input
        ? reportSource(input.reportId, input.fileName)
        : 'recoveryPointId' in input
          ? recoveryPointSource(input.recoveryPointId, input.fileName)
          : jobSource(input.downloadId, input.fileName);

  return {
    'export:save': async (input) => {
      const source = await sourceOf(input);
      try {
        return await saveDialog.save(source, (bytes, done) =>
          events.emit('export:progress', { fileName: source.fileName, bytes, rows: source.rows, done }),
        );
      } catch (error) {
        // The .part file is already removed (writeToFile): say why the file is not there.
        if (isDiskFull(error)) throw new BridgeFailure('FAILED', ERRORS.saveDiskFull);
        throw error;
      }
    },
  };
}
