import { RefreshCw, Save } from 'lucide-react';
import { useState } from 'react';
import type { ServerHealth } from '../../../shared/api/business';
import type { SettingsDocument } from '../../../shared/api/settings';
import { SETTINGS_TEXTS } from '../../../shared/settings';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { LoadingState } from '../../components/ui/LoadingState';
import { PageHeader } from '../../components/ui/PageHeader';
import { PageTabs } from '../../components/ui/PageTabs';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/errors';
import { GeneralTab } from './GeneralTab';
import { IntegrationsTab } from './IntegrationsTab';
import { NotificationsTab } from './NotificationsTab';
import { PerformanceTab } from './PerformanceTab';
import { SecurityTab } from './SecurityTab';
import type { SettingsSave } from './mutations';
import { SAVE_LABELS, draftOf, saveOf, withSetting, type SettingsDraft } from './rules';
import type { TabProps } from './tabProps';
import { useSaveStatus } from './useSaveStatus';
import { SYSTEM_SETTINGS_TEXTS } from './texts';

const TABS = SYSTEM_SETTINGS_TEXTS.tabs;

export interface SettingsViewProps {
  title: string;
  document: SettingsDocument | undefined;
  loading: boolean;
  loadError: unknown;
  health: ServerHealth | undefined;
  /** Reads the settings again; the form then shows them, edits dropped. */
  onReload: () => Promise<SettingsDocument | undefined>;
  onSave: (save: SettingsSave) => Promise<SettingsDocument>;
  canSave: boolean;
}

/** The System Settings screen (part 2 §2): five tabs of one form, Reload and Save Settings. */
export function SettingsView({
  title,
  document,
  loading,
  loadError,
  health,
  onReload,
  onSave,
  canSave,
}: SettingsViewProps) {
  const [draft, setDraft] = useState<SettingsDraft | null>(() => (document ? draftOf(document) : null));
  const [status, run] = useSaveStatus();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  // The first load (and a load after a failure) fills the form: state adjusted while rendering.
  if (document && draft === null) setDraft(draftOf(document));

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) setDraft(draftOf(fresh));
      setSaveError(null);
    } finally {
      setReloading(false);
    }
  };

  const save = () =>
    run(async () => {
      if (!draft || !document) throw new Error(SETTINGS_TEXTS.loadFailed);
      setSaveError(null);
      try {
        const saved = await onSave(saveOf(draft, document.version));
        setDraft(draftOf(saved));
      } catch (error) {
        setSaveError(errorMessage(error, SETTINGS_TEXTS.error));
        throw error;
      }
    });

  const props: TabProps | null = draft
    ? {
        draft,
        set: (path, value) => setDraft((d) => (d ? withSetting(d, path, value) : d)),
        setInteger: (field, text) =>
          setDraft((d) => (d ? { ...d, integers: { ...d.integers, [field]: text } } : d)),
        setText: (field, text) => setDraft((d) => (d ? { ...d, [field]: text } : d)),
      }
    : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={SYSTEM_SETTINGS_TEXTS.description}
        actions={
          <>
            <Button onClick={() => void reload()} disabled={loading || reloading || status === 'saving'}>
              {reloading ? (
                <Spinner className="size-4" />
              ) : (
                <RefreshCw aria-hidden="true" className="size-4" />
              )}
              {SETTINGS_TEXTS.reload}
            </Button>
            <Button
              variant="primary"
              onClick={() => void save()}
              disabled={!props || !canSave || status === 'saving'}
              title={canSave ? undefined : SYSTEM_SETTINGS_TEXTS.noPermission}
            >
              {status === 'saving' ? (
                <Spinner className="size-4 text-accent-fg" />
              ) : (
                <Save aria-hidden="true" className="size-4" />
              )}
              {SAVE_LABELS[status]}
            </Button>
          </>
        }
      />
      <InlineError message={saveError} />
      {props && document ? (
        <PageTabs
          tabs={[
            { name: TABS.general, panel: <GeneralTab {...props} health={health} /> },
            { name: TABS.security, panel: <SecurityTab {...props} /> },
            {
              name: TABS.integrations,
              panel: <IntegrationsTab {...props} smtpPasswordSet={document.smtpPasswordSet} />,
            },
            { name: TABS.notifications, panel: <NotificationsTab {...props} /> },
            { name: TABS.performance, panel: <PerformanceTab {...props} health={health} /> },
          ]}
        />
      ) : (
        <LoadingState
          label={SYSTEM_SETTINGS_TEXTS.loading}
          error={!loading && loadError ? SETTINGS_TEXTS.loadFailed : undefined}
          fallback={SETTINGS_TEXTS.loadFailed}
        />
      )}
    </div>
  );
}
