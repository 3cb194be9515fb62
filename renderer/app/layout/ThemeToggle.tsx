import { Monitor, Moon, Sun } from 'lucide-react';
import type { Theme } from '../../../shared/constants';
import { IconButton } from '../../components/ui/Button';
import { useUiStore } from '../state/useUiStore';

const ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, auto: Monitor };

/** Cycles light → dark → auto; the main process remembers the choice under the key "theme". */
export function ThemeToggle() {
  const theme = useUiStore((state) => state.theme);
  const cycleTheme = useUiStore((state) => state.cycleTheme);
  const Icon = ICONS[theme];
  return (
    <IconButton aria-label={`Theme: ${theme}`} title={`Theme: ${theme}`} onClick={() => void cycleTheme()}>
      <Icon aria-hidden="true" className="size-4.5" />
    </IconButton>
  );
}
