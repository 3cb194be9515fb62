import { lazy, Suspense, useState } from 'react';
import { Menu } from 'lucide-react';
import { IconButton } from '../../components/ui/Button';

// Loaded on first use: only narrow windows need it, and it keeps the dialog code out of the first load.
const MobileMenuDrawer = lazy(() =>
  import('./MobileMenuDrawer').then((m) => ({ default: m.MobileMenuDrawer })),
);

/** Below the large breakpoint the sidebar is hidden; this drawer lists every item the user may open. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  return (
    <>
      <IconButton
        aria-label="Open menu"
        aria-expanded={open}
        className="lg:hidden"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
