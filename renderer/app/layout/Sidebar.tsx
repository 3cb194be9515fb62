import { NavSections } from './NavSections';
import { useNavSections } from './useNavSections';

export function Sidebar() {
  const sections = useNavSections();
  return (
    <aside className="hidden w-72 shrink-0 border-r border-line bg-surface lg:block">
      <nav
        aria-label="Main navigation"
        className="sticky top-16 h-[calc(100vh-4rem)] overflow-y-auto px-3 py-6"
      >
        <NavSections sections={sections} />
      </nav>
    </aside>
  );
}
