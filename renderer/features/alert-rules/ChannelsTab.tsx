import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { useTestChannel } from '../alerts/mutations';
import { useChannels } from '../alerts/queries';
import { MutingSection } from './muting/MutingSection';
import { ALERT_TEXTS } from '../alerts/texts';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.channels;

/**
 * The Notification Channels tab: each channel with a real "send test", then the silences and maintenance
 * windows that mute them.
 */
export function ChannelsTab({ canChange }: { canChange: boolean }) {
  return (
    <div className="space-y-8 text-sm">
      <section aria-labelledby="channels-heading" className="space-y-3">
        <h2 id="channels-heading" className="text-base font-semibold text-fg">
          {TEXTS.heading}
        </h2>
        <ChannelList canChange={canChange} />
      </section>
      <MutingSection canChange={canChange} />
    </div>
  );
}

function ChannelList({ canChange }: { canChange: boolean }) {
  const channels = useChannels();
  const test = useTestChannel();
  const [targets, setTargets] = useState<Record<string, string>>({});
  if (channels.isPending) return <p className="text-sm text-muted">{ALERT_RULES_TEXTS.loading}</p>;
  if (channels.isError) return <p className="text-sm text-muted">{ALERT_TEXTS.loadFailed}</p>;
  return (
    <div className="space-y-3">
      {test.data ? (
        <p role="status" className={test.data.sent ? 'text-fg' : 'text-red-700 dark:text-red-400'}>
          {test.data.message}
        </p>
      ) : null}
      <InlineError message={test.error ? errorMessage(test.error, TEXTS.testFailed) : null} />
      <ul className="space-y-3" aria-label={TEXTS.list}>
        {channels.data.map((c) => (
          <li key={c.type} className="space-y-2 rounded-lg border border-line bg-surface p-4">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-fg">{c.name}</span>
              <StatusBadge tone={c.configured ? 'ok' : 'neutral'}>
                {c.configured ? TEXTS.configured : TEXTS.notConfigured}
              </StatusBadge>
              <span className="text-muted">{TEXTS.usedBy(c.rules)}</span>
            </div>
            <p className="text-muted">{c.detail}</p>
            {canChange && c.type !== 'sms' ? (
              <div className="flex flex-wrap gap-2">
                {c.type !== 'slack' ? (
                  <input
                    aria-label={TEXTS.testTarget(c.name)}
                    className={`${INPUT_CLASS} max-w-sm`}
                    placeholder={c.type === 'email' ? TEXTS.emailPlaceholder : TEXTS.urlPlaceholder}
                    value={targets[c.type] ?? ''}
                    onChange={(e) => setTargets({ ...targets, [c.type]: e.target.value })}
                  />
                ) : null}
                <Button
                  disabled={test.isPending}
                  onClick={() =>
                    test.mutate({
                      type: c.type as 'email' | 'slack' | 'webhook',
                      target: targets[c.type] ?? '',
                    })
                  }
                >
                  {TEXTS.sendTest}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
