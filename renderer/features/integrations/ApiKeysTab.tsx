import type { ApiKeyView } from '../../../shared/api/integrations';
import { useState } from 'react';
import { API_KEY_GRACE_HOURS } from '../../../shared/integrations';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { LoadingState } from '../../components/ui/LoadingState';
import { Modal } from '../../components/ui/Modal';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { GenerateKeyModal, IssuedKey } from './GenerateKeyModal';
import { useRegenerateApiKey, useRevokeApiKey } from './mutations';
import { useApiKeys } from './queries';
import { KEY_TONE, capitalize } from './rules';

const COLUMNS: readonly DataColumn<ApiKeyView>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (k) => (
      <>
        {k.name}
        {k.organizationName && <div className="text-xs text-muted">{k.organizationName}</div>}
      </>
    ),
  },
  { id: 'key', header: 'Key', cell: (k) => <code>{k.maskedKey.slice(0, 16)}</code> },
  { id: 'scopes', header: 'Scopes', cell: (k) => k.scopes.join(', ') },
  {
    id: 'status',
    header: 'Status',
    cell: (k) => <StatusBadge tone={KEY_TONE[k.status]}>{capitalize(k.status)}</StatusBadge>,
  },
  { id: 'expires', header: 'Expires', cell: (k) => formatDateTime(k.expiresAt) },
  {
    id: 'lastUsed',
    header: 'Last used',
    cell: (k) => (
      <>
        {formatDateTime(k.lastUsedAt)}
        {k.lastUsedAddress && <div className="text-xs text-muted">{k.lastUsedAddress}</div>}
      </>
    ),
  },
];

export function ApiKeysTab() {
  const keys = useApiKeys();
  const regenerate = useRegenerateApiKey();
  const revoke = useRevokeApiKey();
  const [generating, setGenerating] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);
  if (!keys.data)
    return <LoadingState label="Loading API keys" error={keys.error} fallback="Failed to load API keys" />;
  const failure = regenerate.error ?? revoke.error;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted">
          Keys act as their creator within their scopes. A regenerated key keeps working {API_KEY_GRACE_HOURS}{' '}
          hours.
        </p>
        <Button variant="primary" onClick={() => setGenerating(true)}>
          Generate Key
        </Button>
      </div>
      <InlineError message={failure ? errorMessage(failure, 'The action failed') : null} />
      <div className="rounded-lg border border-line bg-surface">
        <DataTable
          label="API keys"
          columns={COLUMNS}
          data={keys.data.apiKeys}
          getRowId={(k) => k.id}
          empty="No API keys yet."
          minWidth="60rem"
          rowActions={{
            header: 'Actions',
            hideHeader: true,
            width: '14rem',
            render: (k) =>
              k.status === 'active' && (
                <div className="flex gap-2">
                  <Button
                    aria-label={`Regenerate ${k.name}`}
                    disabled={regenerate.isPending}
                    onClick={() => regenerate.mutate(k.id, { onSuccess: (answer) => setIssued(answer.key) })}
                  >
                    Regenerate
                  </Button>
                  <Button
                    aria-label={`Revoke ${k.name}`}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(k.id)}
                  >
                    Revoke
                  </Button>
                </div>
              ),
          }}
        />
      </div>
      {generating && <GenerateKeyModal onClose={() => setGenerating(false)} />}
      <Modal open={issued !== null} title="Key regenerated" onClose={() => setIssued(null)}>
        {issued && <IssuedKey apiKey={issued} />}
        <div className="mt-4 flex justify-end">
          <Button variant="primary" onClick={() => setIssued(null)}>
            Done
          </Button>
        </div>
      </Modal>
    </div>
  );
}
