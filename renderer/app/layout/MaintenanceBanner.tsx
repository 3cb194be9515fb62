import { Wrench } from 'lucide-react';
import { SETTINGS_TEXTS } from '../../../shared/settings';

/** Maintenance mode (a setting): said once, above every screen, while it lasts. */
export function MaintenanceBanner({ active, exempt }: { active: boolean; exempt: boolean }) {
  if (!active) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-line bg-surface-muted px-4 py-2 text-sm text-fg sm:px-6"
    >
      <Wrench aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {SETTINGS_TEXTS.maintenance}
        {exempt ? ' You are signed in as a super administrator and can keep working.' : ''}
      </span>
    </div>
  );
}
