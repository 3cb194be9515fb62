import { Button } from '../../components/ui/Button';
import { saveText } from '../../lib/save-file';
import { useRevealKey } from './queries';

/** The private key is handed out once, to keep offline: without it no archive can be read. */
export function KeyNotice() {
  const reveal = useRevealKey();
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface p-4 text-sm text-fg"
    >
      <p>
        Backups are encrypted with a key kept in the server configuration, apart from the backups. Save a copy
        offline now: it is offered once.
      </p>
      <Button
        variant="primary"
        disabled={reveal.isPending}
        onClick={() =>
          reveal.mutate(undefined, {
            onSuccess: ({ identity }) =>
              void saveText(
                `# Operations Console backup key (age X25519)\n${identity}\n`,
                'console-backup-key.txt',
              ),
          })
        }
      >
        Save backup key
      </Button>
    </div>
  );
}
