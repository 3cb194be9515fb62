import { useState } from 'react';
import {
  BACKUP_COMPRESSIONS,
  BACKUP_RETENTION_SAMPLES,
  BACKUP_TYPES,
  type BackupJob,
  type BackupJobInput,
  type BackupOverview,
} from '../../../shared/api/backups';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { BACKUP_TEXTS } from './texts';
import { useAddLocation, useCheckLocations, useDeleteJob, useSaveJob } from './queries';
import { FormField } from '../../components/ui/FormField';

const blankJob = (locationId: string): BackupJobInput => ({
  name: '',
  type: 'full',
  locationId,
  schedule: '0 2 * * *',
  retention: BACKUP_RETENTION_SAMPLES[0],
  compression: 'gzip',
  status: 'active',
});

const inputOf = (job: BackupJob): BackupJobInput => ({
  name: job.name,
  type: job.type,
  locationId: job.locationId,
  schedule: job.schedule,
  retention: job.retention,
  compression: job.compression,
  status: job.status,
});

/** Configure: backup jobs (add, change, pause, delete) and storage locations (add, check). */
export function ConfigureDialog({
  open,
  onClose,
  data,
}: {
  open: boolean;
  onClose: () => void;
  data: BackupOverview;
}) {
  const defaultLocation = data.locations.find((l) => l.isDefault)?.id ?? data.locations[0]?.id ?? '';
  const [editing, setEditing] = useState<{ id?: string; body: BackupJobInput } | null>(null);
  const [location, setLocation] = useState({ name: '', path: '' });
  const save = useSaveJob();
  const remove = useDeleteJob();
  const addLocation = useAddLocation();
  const check = useCheckLocations();
  const failed = save.error ?? remove.error ?? addLocation.error ?? check.error;
  const set = <K extends keyof BackupJobInput>(key: K, value: BackupJobInput[K]) =>
    setEditing((e) => (e ? { ...e, body: { ...e.body, [key]: value } } : e));

  return (
    <Modal open={open} title="Configure backups" onClose={onClose} size="lg">
      <div className="space-y-6">
        <section aria-labelledby="configure-jobs" className="space-y-2">
          <h3 id="configure-jobs" className="text-sm font-semibold text-fg">
            Backup jobs
          </h3>
          <ul className="divide-y divide-line rounded-md border border-line">
            {data.jobs.map((job) => (
              <li
                key={job.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
              >
                <span className="text-fg">
                  {job.name} · {job.type} · <span className="font-mono">{job.schedule}</span> · {job.status}
                </span>
                <span className="flex gap-2">
                  <Button onClick={() => setEditing({ id: job.id, body: inputOf(job) })}>
                    Edit {job.name}
                  </Button>
                  <Button
                    onClick={() =>
                      save.mutate({
                        id: job.id,
                        body: { ...inputOf(job), status: job.status === 'active' ? 'paused' : 'active' },
                      })
                    }
                  >
                    {job.status === 'active' ? 'Pause' : 'Resume'} {job.name}
                  </Button>
                  <Button onClick={() => remove.mutate(job.id)}>Delete {job.name}</Button>
                </span>
              </li>
            ))}
          </ul>
          {editing ? (
            <form
              className="grid gap-3 sm:grid-cols-2"
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate(editing, { onSuccess: () => setEditing(null) });
              }}
            >
              <FormField label="Name">
                {(field) => (
                  <input
                    {...field}
                    className={INPUT_CLASS}
                    value={editing.body.name}
                    onChange={(e) => set('name', e.target.value)}
                    required
                  />
                )}
              </FormField>
              <FormField label="Type">
                {(field) => (
                  <select
                    {...field}
                    className={INPUT_CLASS}
                    value={editing.body.type}
                    onChange={(e) => set('type', e.target.value as BackupJobInput['type'])}
                  >
                    {BACKUP_TYPES.map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label="Destination">
                {(field) => (
                  <select
                    {...field}
                    className={INPUT_CLASS}
                    value={editing.body.locationId}
                    onChange={(e) => set('locationId', e.target.value)}
                  >
                    {data.locations.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label="Schedule (cron, UTC)">
                {(field) => (
                  <input
                    {...field}
                    className={INPUT_CLASS}
                    value={editing.body.schedule}
                    onChange={(e) => set('schedule', e.target.value)}
                    required
                  />
                )}
              </FormField>
              <FormField label="Retention (days)">
                {(field) => (
                  <>
                    <input
                      {...field}
                      className={INPUT_CLASS}
                      type="number"
                      min={1}
                      max={3650}
                      list="backup-retention-samples"
                      value={editing.body.retention}
                      onChange={(e) => set('retention', Number(e.target.value))}
                    />
                    <datalist id="backup-retention-samples">
                      {BACKUP_RETENTION_SAMPLES.map((d) => (
                        <option key={d} value={d} />
                      ))}
                    </datalist>
                  </>
                )}
              </FormField>
              <FormField label="Compression">
                {(field) => (
                  <select
                    {...field}
                    className={INPUT_CLASS}
                    value={editing.body.compression}
                    onChange={(e) => set('compression', e.target.value as BackupJobInput['compression'])}
                  >
                    {BACKUP_COMPRESSIONS.map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                )}
              </FormField>
              <p className="text-xs text-muted sm:col-span-2">
                Encryption: age (X25519). Full holds every table; incremental the audit and usage rows added
                since the last backup and every other table whole; differential the same since the last full.
              </p>
              <div className="flex justify-end gap-2 sm:col-span-2">
                <Button onClick={() => setEditing(null)}>Cancel</Button>
                <Button type="submit" variant="primary" disabled={save.isPending}>
                  Save job
                </Button>
              </div>
            </form>
          ) : (
            <Button onClick={() => setEditing({ body: blankJob(defaultLocation) })}>Add job</Button>
          )}
        </section>

        <section aria-labelledby="configure-locations" className="space-y-2">
          <h3 id="configure-locations" className="text-sm font-semibold text-fg">
            Storage locations
          </h3>
          <form
            className="grid gap-3 sm:grid-cols-[1fr_2fr_auto]"
            onSubmit={(event) => {
              event.preventDefault();
              addLocation.mutate(location, { onSuccess: () => setLocation({ name: '', path: '' }) });
            }}
          >
            <FormField label="Location name">
              {(field) => (
                <input
                  {...field}
                  className={INPUT_CLASS}
                  value={location.name}
                  onChange={(e) => setLocation({ ...location, name: e.target.value })}
                  required
                />
              )}
            </FormField>
            <FormField label="Folder path (e.g. a mounted share)">
              {(field) => (
                <input
                  {...field}
                  className={INPUT_CLASS}
                  value={location.path}
                  onChange={(e) => setLocation({ ...location, path: e.target.value })}
                  required
                />
              )}
            </FormField>
            <div className="flex items-end gap-2">
              <Button type="submit" disabled={addLocation.isPending}>
                Add location
              </Button>
              <Button onClick={() => check.mutate()} disabled={check.isPending}>
                Check locations
              </Button>
            </div>
          </form>
        </section>
        <InlineError message={failed ? errorMessage(failed, BACKUP_TEXTS.requestFailed) : null} />
      </div>
    </Modal>
  );
}
