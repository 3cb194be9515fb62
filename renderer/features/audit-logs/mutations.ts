import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AuditListQuery } from '../../../shared/api/audit';
import type { ExportFormat } from '../../../shared/api/exports';
import type { EventPayload } from '../../../shared/bridge/contract';
import { onEvent } from '../../lib/bridge';
import { saveFile } from '../../lib/save-file';
import { auditQueries } from './queries';
import { logError } from '../../lib/log';

/** Part 2 §7: the audit CSV is named audit-logs; JSON likewise. */
export const AUDIT_FILE_NAMES: Record<ExportFormat, string> = {
  csv: 'audit-logs.csv',
  json: 'audit-logs.json',
};

/**
 * Export Logs: the server exports exactly the filtered, sorted records (streamed, audited), and the main
 * process saves the file where the user chooses (or the browser downloads it). The export itself is a
 * new audit record, so the trail is read again afterwards.
 */
export function useExportAuditLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ query, format }: { query: AuditListQuery; format: ExportFormat }) => {
      const { sort, order, search, action, status, severity, from, to } = query;
      return saveFile(
        { type: 'audit-logs', format, options: { sort, order, search, action, status, severity, from, to } },
        AUDIT_FILE_NAMES[format],
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
    onError: (error) => logError('Exporting the audit logs failed', error),
  });
}

/** The latest progress of a file being saved, while it is. */
export function useSaveProgress(): EventPayload<'export:progress'> | null {
  const [progress, setProgress] = useState<EventPayload<'export:progress'> | null>(null);
  useEffect(() => onEvent('export:progress', (payload) => setProgress(payload.done ? null : payload)), []);
  return progress;
}
