import { Search } from 'lucide-react';
import { USER_STATUSES, USER_STATUS_LABELS, type UserStatus } from '../../../shared/users';
import { INPUT_CLASS } from '../../components/ui/styles';
import type { UserFilter } from './filters';
import { FormField } from '../../components/ui/FormField';
import { USERS_TEXTS } from './texts';

const TEXTS = USERS_TEXTS.filters;

const isStatus = (value: string): value is UserStatus => (USER_STATUSES as readonly string[]).includes(value);

/** Search box (name, email or center), role filter and status filter (part 2 §2). */
export function UserFilters({
  filter,
  roles,
  onChange,
}: {
  filter: UserFilter;
  roles: readonly { id: string; label: string }[];
  onChange: (filter: UserFilter) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
      <FormField label={TEXTS.search} hideLabel className="relative">
        {(field) => (
          <>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-3.5 left-3 size-4 text-muted"
            />
            <input
              {...field}
              type="search"
              placeholder={TEXTS.searchPlaceholder}
              value={filter.search}
              onChange={(event) => onChange({ ...filter, search: event.target.value })}
              className={`${INPUT_CLASS} pl-9`}
            />
          </>
        )}
      </FormField>
      <FormField label={TEXTS.role} hideLabel>
        {(field) => (
          <select
            {...field}
            className={INPUT_CLASS}
            value={filter.role}
            onChange={(event) => onChange({ ...filter, role: event.target.value })}
          >
            <option value="all">{TEXTS.allRoles}</option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={TEXTS.status} hideLabel>
        {(field) => (
          <select
            {...field}
            className={INPUT_CLASS}
            value={filter.status}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ ...filter, status: isStatus(value) ? value : 'all' });
            }}
          >
            <option value="all">{TEXTS.allStatuses}</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {USER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
