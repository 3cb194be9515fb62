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
import { INTEGRATION_TEXTS } from './texts';

const TEXTS = INTEGRATION_TEXTS.keys;

const COLUMNS: readonly DataColumn<ApiKeyView>[] = [
  {
    id: 'name',
    header: TEXTS.columns.name,
    cell: (k) => (
      <>
        {k.name}
        {k.organizationName && <div className="text-xs text-muted">{k.organizationName}</div>}
      </>
    ),
  },
  { id: 'key', header: TEXTS.columns.key, cell: (k) => <code>{k.maskedKey.slice(0, 16)}</code> },
  { id: 'scopes', header: TEXTS.columns.scopes, cell: (k) => k.scopes.join(', ') },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (k) => <StatusBadge tone={KEY_TONE[k.status]}>{capitalize(k.status)}</StatusBadge>,
  },
  { id: 'expires', header: TEXTS.columns.expires, cell: (k) => formatDateTime(k.expiresAt) },
  {
    id: 'lastUsed',
    header: TEXTS.columns.lastUsed,
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
    return <LoadingState label={TEXTS.loading} error={keys.error} fallback={TEXTS.loadFailed} />;
  const failure = regenerate.error ?? revoke.error;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted">{TEXTS.about(API_KEY_GRACE_HOURS)}</p>
        <Button variant="primary" onClick={() => setGenerating(true)}>
          {TEXTS.generate}
        </Button>
      </div>
      <InlineError message={failure ? errorMessage(failure, INTEGRATION_TEXTS.actionFailed) : null} />
      <div className="rounded-lg border border-line bg-surface">
        <DataTable
          label={TEXTS.table}
          columns={COLUMNS}
          data={keys.data.apiKeys}
          getRowId={(k) => k.id}
          empty={TEXTS.empty}
          minWidth="60rem"
          rowActions={{
            header: INTEGRATION_TEXTS.actions,
            hideHeader: true,
            width: '14rem',
            render: (k) =>
              k.status === 'active' && (
                <div className="flex gap-2">
                  <Button
                    aria-label={TEXTS.regenerateName(k.name)}
                    disabled={regenerate.isPending}
                    onClick={() => regenerate.mutate(k.id, { onSuccess: (answer) => setIssued(answer.key) })}
                  >
                    {TEXTS.regenerate}
                  </Button>
                  <Button
                    aria-label={TEXTS.revokeName(k.name)}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(k.id)}
                  >
                    {TEXTS.revoke}
                  </Button>
                </div>
              ),
          }}
        />
      </div>
      {generating && <GenerateKeyModal onClose={() => setGenerating(false)} />}
      <Modal open={issued !== null} title={TEXTS.regenerated} onClose={() => setIssued(null)}>
        {issued && <IssuedKey apiKey={issued} />}
        <div className="mt-4 flex justify-end">
          <Button variant="primary" onClick={() => setIssued(null)}>
            {INTEGRATION_TEXTS.done}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
