import { Info } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

/** An info button that shows a figure's definition: on hover and focus (tooltip), and pinned on click. */
export function InfoPopover({ label, children }: { label: string; children: ReactNode }) {
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const id = useId();
  const open = hovered || pinned;
  return (
    <span className="relative inline-flex" onMouseLeave={() => setHovered(false)}>
      <button
        type="button"
        aria-label={`About ${label}`}
        aria-expanded={open}
        aria-describedby={open ? id : undefined}
        onClick={() => setPinned((p) => !p)}
        onMouseEnter={() => setHovered(true)}
        onFocus={() => setHovered(true)}
        onBlur={() => setHovered(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setPinned(false);
            setHovered(false);
          }
        }}
        className="rounded-full p-0.5 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Info aria-hidden="true" className="size-3.5" />
      </button>
      {open ? (
        <span
          id={id}
          role="tooltip"
          className="absolute top-6 left-1/2 z-20 w-72 -translate-x-1/2 rounded-md border border-line bg-surface p-3 text-xs leading-relaxed font-normal text-fg normal-case shadow-lg"
        >
          {children}
        </span>
      ) : null}
    </span>
  );
}
