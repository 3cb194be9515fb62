/** The header's organization switcher slot (part 1 §2). It draws nothing until the organization issue fills it. */
export function OrganizationSwitcher() {
  return null;
}
