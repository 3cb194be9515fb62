import { systemRole, roleDisplayName } from '../../shared/permissions';
import { hasConsoleAccess } from '../../shared/routes';
// The embedded server's own list: the printed sign-ins cannot drift from what was seeded.
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-users';

export { DEMO_PASSWORD };

/** The lines printed under the address when the embedded server runs with demo data. */
export function demoLines(): string[] {
  const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
  return [
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((u) => {
      const access = hasConsoleAccess(u.role, systemRole(u.role)?.permissions ?? []);
      return `  ${u.email.padEnd(width)}  ${roleDisplayName(u.role)}${access ? '' : ' (no console access: refused at sign-in)'}`;
    }),
  ];
}
