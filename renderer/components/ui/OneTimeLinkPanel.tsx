import { useState } from 'react';
import type { OneTimeLinkData } from '../../../shared/api/users';
import { SET_PASSWORD_PATH } from '../../../shared/users';
import { Button } from './Button';
import { INPUT_CLASS } from './styles';
import { formatDate } from '../../lib/format';
import { FormField } from './FormField';

/**
 * A one-time link, shown once: the server keeps only its hash, so closing this is the last chance to copy
 * it. Where the console has no address to open (the desktop app), the code goes to the Set password screen.
 */
export function OneTimeLinkPanel({ data, who }: { data: OneTimeLinkData; who: string }) {
  // A mailed link is the invitee's alone (issue 25): the server answers it only when no mail went out.
  if (data.token === null) {
    return (
      <p role="status" className="rounded-md border border-line bg-surface-muted p-4 text-sm text-fg">
        A one-time link was sent by email to {who}, valid until {formatDate(data.expiresAt)} (
        {new Date(data.expiresAt).toLocaleTimeString()}).
      </p>
    );
  }
  return <ShownLink data={data} token={data.token} who={who} />;
}

function ShownLink({ data, token, who }: { data: OneTimeLinkData; token: string; who: string }) {
  const [copied, setCopied] = useState(false);
  const link = linkToShow(data.link, token, window.location);
  const value = link ?? token;
  return (
    <div
      role="status"
      className="space-y-3 rounded-md border border-line bg-surface-muted p-4 text-sm text-fg"
    >
      <p>
        {link ? 'One-time link' : 'One-time code'} for {who}, valid until {formatDate(data.expiresAt)} (
        {new Date(data.expiresAt).toLocaleTimeString()}). It is shown only now.
      </p>
      <FormField label={link ? 'Link' : 'Code'}>
        {(field) => (
          <input
            {...field}
            readOnly
            value={value}
            className={`${INPUT_CLASS} font-mono text-xs`}
            onFocus={(e) => e.target.select()}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <span className="text-muted">Not emailed: {data.emailNote ?? ''}</span>
      </div>
    </div>
  );
}

/** The link to hand over: the server's, else this console's own address (browser host) with the token. */
export function linkToShow(
  link: string | null,
  token: string,
  location: Pick<Location, 'protocol' | 'origin' | 'pathname'>,
): string | null {
  if (link) return link;
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return null;
  const base = `${location.origin}${location.pathname}`.replace(/\/+$/, '');
  return `${base}/#${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
}
