import type { ReactNode } from 'react';
import type { AppInfo } from '../../../shared/bridge/contract';
import { LoadingState } from '../../components/ui/LoadingState';
import { Modal } from '../../components/ui/Modal';
import { useAppInfo } from '../../lib/appInfo';

const HOST_LABEL: Record<AppInfo['host'], string> = {
  electron: 'Desktop app',
  browser: 'Browser host',
};

/**
 * About / diagnostics (issue 10 §7): what a person reporting a problem needs to say, and where the
 * log files are. Every value is selectable text, so it can be copied into a report.
 */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="About Operations Console" onClose={onClose}>
      <AboutDetails />
    </Modal>
  );
}

function AboutDetails() {
  const info = useAppInfo();
  if (!info.data) {
    return (
      <LoadingState
        label="Loading..."
        error={info.error}
        fallback="The console's details could not be read."
      />
    );
  }
  const { data } = info;
  return (
    <dl aria-label="Console details" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2.5 text-sm">
      <Item term="Version">{data.version}</Item>
      <Item term="Host">{HOST_LABEL[data.host]}</Item>
      <Item term="Server">
        {data.embeddedServer
          ? `Embedded on this computer${data.demo ? ', demo data' : ''}`
          : 'Remote gateway'}
      </Item>
      <Item term="Gateway">{data.gatewayUrl}</Item>
      <Item term="Organization API">{data.organizationApiUrl}</Item>
      <Item term="Data folder">{data.dataDir}</Item>
      <Item term="Log folder">{data.logDir}</Item>
    </dl>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted">{term}</dt>
      <dd className="min-w-0 font-mono text-xs leading-5 break-all text-fg select-text">{children}</dd>
    </>
  );
}
