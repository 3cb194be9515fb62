import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { IconButton } from '../../components/ui/Button';
import { NavSections } from './NavSections';
import { useNavSections } from './useNavSections';

export function MobileMenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sections = useNavSections();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <div aria-hidden="true" className="fixed inset-0 bg-slate-950/40" />
      <DialogPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-surface shadow-xl">
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          <DialogTitle className="text-sm font-semibold text-fg">Menu</DialogTitle>
          <IconButton aria-label="Close menu" onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
          </IconButton>
        </div>
        <nav aria-label="Mobile navigation" className="flex-1 overflow-y-auto px-3 py-6">
          <NavSections sections={sections} onNavigate={onClose} />
        </nav>
      </DialogPanel>
    </Dialog>
  );
}
