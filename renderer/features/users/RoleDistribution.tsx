import type { UserStats } from '../../../shared/api/users';
import { Card } from '../../components/ui/Card';
import { formatNumber } from '../../lib/format';
import { USERS_TEXTS } from './texts';

/** Role distribution panel (part 2 §2): users per role, with its share of all users. */
export function RoleDistribution({ stats }: { stats: UserStats | undefined }) {
  const total = stats?.total ?? 0;
  return (
    <Card title={USERS_TEXTS.roleDistribution}>
      <ul className="space-y-3">
        {(stats?.byRole ?? []).map((entry) => {
          const share = total > 0 ? Math.round((entry.count / total) * 100) : 0;
          return (
            <li key={entry.role}>
              <div className="flex justify-between text-sm text-fg">
                <span>{entry.roleName}</span>
                <span className="tabular-nums">
                  {formatNumber(entry.count)} ({share}%)
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-surface-muted">
                <div className="h-2 rounded-full bg-accent" style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
