import { useState } from 'react';
import { API_KEY_GRACE_HOURS } from '../../../shared/integrations';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { LoadingState } from '../../components/ui/LoadingState';
import { Modal } from '../../components/ui/Modal';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { GenerateKeyModal, IssuedKey } from './GenerateKeyModal';
import { useRegenerateApiKey, useRevokeApiKey } from './mutations';
import { useApiKeys } from './queries';
import { KEY_TONE, capitalize } from './rules';

const TH = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-muted uppercase';
const TD = 'px-3 py-2 align-top text-sm text-fg';

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
      <div className="overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="min-w-full divide-y divide-line">
          <caption className="sr-only">API keys</caption>
          <thead>
            <tr>
              <th className={TH}>Name</th>
              <th className={TH}>Key</th>
              <th className={TH}>Scopes</th>
              <th className={TH}>Status</th>
              <th className={TH}>Expires</th>
              <th className={TH}>Last used</th>
              <th className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {keys.data.apiKeys.length === 0 && (
              <tr>
                <td className={TD} colSpan={7}>
                  No API keys yet.
                </td>
              </tr>
            )}
            {keys.data.apiKeys.map((k) => (
              <tr key={k.id}>
                <td className={TD}>
                  {k.name}
                  {k.organizationName && <div className="text-xs text-muted">{k.organizationName}</div>}
                </td>
                <td className={TD}>
                  <code>{k.maskedKey.slice(0, 16)}</code>
                </td>
                <td className={TD}>{k.scopes.join(', ')}</td>
                <td className={TD}>
                  <StatusBadge tone={KEY_TONE[k.status]}>{capitalize(k.status)}</StatusBadge>
                </td>
                <td className={TD}>{formatDateTime(k.expiresAt)}</td>
                <td className={TD}>
                  {formatDateTime(k.lastUsedAt)}
                  {k.lastUsedAddress && <div className="text-xs text-muted">{k.lastUsedAddress}</div>}
                </td>
                <td className={TD}>
                  {k.status === 'active' && (
                    <div className="flex gap-2">
                      <Button
                        aria-label={`Regenerate ${k.name}`}
                        disabled={regenerate.isPending}
                        onClick={() =>
                          regenerate.mutate(k.id, { onSuccess: (answer) => setIssued(answer.key) })
                        }
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
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
