import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import type { AuditLog } from '../../../shared/api/audit';
import { IconButton } from '../../components/ui/Button';
import { formatTimestamp, userLabel } from './format';
import { ScrollRegion } from '../../components/ui/ScrollRegion';
import { AUDIT_TEXTS } from './texts';

const TEXTS = AUDIT_TEXTS.details;
const FIELDS = TEXTS.fields;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-fg">{children}</dd>
    </div>
  );
}

/** 'Audit Log Details' (part 2 §2): every field of the record, its details object and its chain hash. */
export function AuditDetailsModal({ log, onClose }: { log: AuditLog | null; onClose: () => void }) {
  return (
    <Dialog open={log !== null} onClose={onClose} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="fixed inset-0 bg-slate-950/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="max-h-[90vh] w-full max-w-2xl overflow-y-auto rounded-lg bg-surface p-6 shadow-xl">
          <div className="flex items-center justify-between">
            <DialogTitle className="text-lg font-semibold text-fg">{TEXTS.title}</DialogTitle>
            <IconButton aria-label={TEXTS.close} onClick={onClose}>
              <X aria-hidden="true" className="size-5" />
            </IconButton>
          </div>
          {log ? (
            <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field label={FIELDS.timestamp}>
                {formatTimestamp(log.timestamp)}{' '}
                <span className="text-muted">{TEXTS.rawTimestamp(log.timestamp)}</span>
              </Field>
              <Field label={FIELDS.user}>
                {userLabel(log)}
                {log.userEmail ? <span className="block text-muted">{log.userEmail}</span> : null}
              </Field>
              <Field label={FIELDS.action}>{log.action}</Field>
              <Field label={FIELDS.resource}>
                {log.resource}
                {log.resourceId ? (
                  <span className="text-muted">{TEXTS.resourceId(log.resourceId)}</span>
                ) : null}
              </Field>
              <Field label={FIELDS.status}>{log.status}</Field>
              <Field label={FIELDS.severity}>{log.severity}</Field>
              <Field label={FIELDS.ipAddress}>{log.ipAddress ?? '—'}</Field>
              <Field label={FIELDS.userAgent}>{log.userAgent ?? '—'}</Field>
              <div className="sm:col-span-2">
                <Field label={FIELDS.details}>
                  <ScrollRegion label={FIELDS.details} className="mt-1 rounded-md bg-surface-muted">
                    <pre className="p-3 text-xs">{JSON.stringify(log.details, null, 2)}</pre>
                  </ScrollRegion>
                </Field>
              </div>
              <div className="sm:col-span-2">
                <Field label={TEXTS.hash(log.seq)}>
                  <code className="break-all text-xs">{log.hash}</code>
                </Field>
              </div>
            </dl>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
