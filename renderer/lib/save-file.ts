import type { CreateExportBody } from '../../shared/api/exports';
import type { SaveOutcome } from '../../shared/bridge/contract';
import { call } from './bridge';

/**
 * Runs a server export and saves its file: the main process asks where (native dialog) and writes it, or,
 * in the browser host, answers a one-time same-origin address that the page downloads. Cancelling is an
 * outcome, not an error. The renderer never names a path.
 */
export async function saveFile(body: CreateExportBody, fileName?: string): Promise<SaveOutcome> {
  const job = await call('exports.createExport', { body });
  const outcome = await call('export:save', { downloadId: job.id, ...(fileName ? { fileName } : {}) });
  followDownload(outcome);
  return outcome;
}

/** Text the console made itself (small), saved the same way. */
export async function saveText(content: string, fileName: string): Promise<SaveOutcome> {
  const outcome = await call('export:save', { content, fileName });
  followDownload(outcome);
  return outcome;
}

function followDownload(outcome: SaveOutcome): void {
  if (outcome.status !== 'download') return;
  const link = document.createElement('a');
  link.href = outcome.url;
  link.download = outcome.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** A report's latest generated file (Advanced Reporting), saved the same way. */
export async function saveReportFile(reportId: string): Promise<SaveOutcome> {
  const outcome = await call('export:save', { reportId });
  followDownload(outcome);
  return outcome;
}

/** A recovery point's archive (Backup & Recovery), as stored: encrypted with age. */
export async function saveRecoveryPoint(recoveryPointId: string): Promise<SaveOutcome> {
  const outcome = await call('export:save', { recoveryPointId });
  followDownload(outcome);
  return outcome;
}
