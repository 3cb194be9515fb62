import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsDocument } from '../../shared/api/settings';
import { SettingsView, type SettingsViewProps } from '../../renderer/features/settings/SettingsView';

const DOC: SettingsDocument = {
  settings: DEFAULT_SETTINGS,
  version: 3,
  updatedAt: null,
  updatedBy: null,
  smtpPasswordSet: false,
};

function renderView(overrides: Partial<SettingsViewProps> = {}) {
  const props: SettingsViewProps = {
    title: 'System Settings',
    document: DOC,
    loading: false,
    loadError: null,
    health: undefined,
    onReload: vi.fn(async () => DOC),
    onSave: vi.fn(async () => DOC),
    canSave: true,
    ...overrides,
  };
  // The Integrations tab's "send test" buttons are mutations.
  const client = new QueryClient();
  const view = render(<SettingsView {...props} />, {
    wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...view, props };
}

/** Lets the save's promise settle inside act. */
const settle = () => act(async () => {});

describe('System Settings form states (part 2 §4, §8)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('shows a spinner while loading and "Failed to load settings" when the load fails', () => {
    const { rerender, props } = renderView({ document: undefined, loading: true });
    expect(screen.getByRole('status').textContent).toContain('Loading settings...');
    rerender(<SettingsView {...props} document={undefined} loading={false} loadError={new Error('boom')} />);
    expect(screen.getByRole('status').textContent).toBe('Failed to load settings');
    expect(screen.getByRole('button', { name: 'Save Settings' })).toHaveProperty('disabled', true);
  });

  it('goes idle → saving → "Saved!" → idle after 3 s', async () => {
    let resolve!: (doc: SettingsDocument) => void;
    const onSave = vi.fn(() => new Promise<SettingsDocument>((r) => (resolve = r)));
    renderView({ onSave });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    resolve({ ...DOC, version: 4 });
    await settle();
    expect(screen.getByRole('button', { name: 'Saved!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('button', { name: 'Saved!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeTruthy();
  });

  it('goes to "Error" for 3 s on a failed save and shows why', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('Invalid input: security.ipWhitelist: Line 2 is not a CIDR range');
    });
    renderView({ onSave });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Line 2 is not a CIDR range');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeTruthy();
  });

  it('sends integers parsed, the whitelist as its lines and the version it loaded', async () => {
    const { props } = renderView();
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    fireEvent.change(screen.getByLabelText('Session timeout (minutes)'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText(/IP whitelist/), {
      target: { value: '10.0.0.0/8\n\n127.0.0.1/32' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await settle();
    expect(props.onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        version: 3,
        settings: expect.objectContaining({
          security: expect.objectContaining({
            sessionTimeout: 60,
            ipWhitelist: ['10.0.0.0/8', '', '127.0.0.1/32'],
          }),
        }),
      }),
    );
    expect(props.onSave).toHaveBeenCalledWith(
      expect.not.objectContaining({ smtpPassword: expect.anything() }),
    );
  });

  it('disables Max requests per minute while rate limiting is off', () => {
    renderView();
    fireEvent.click(screen.getByRole('tab', { name: 'Performance' }));
    const max = screen.getByLabelText('Max requests per minute');
    expect(max).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('switch', { name: 'Rate limiting' }));
    expect(max).toHaveProperty('disabled', false);
  });

  it('offers the options of part 2 §9 and Reload drops unsaved edits', async () => {
    const { props } = renderView();
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Timezone')).toEqual(['Eastern', 'Central', 'Mountain', 'Pacific', 'UTC']);
    expect(options('Language')).toEqual(['en-US', 'es-ES', 'fr-FR', 'de-DE']);
    fireEvent.change(screen.getByLabelText('Platform name'), { target: { value: 'Edited' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await settle();
    expect(props.onReload).toHaveBeenCalled();
    expect(screen.getByLabelText('Platform name')).toHaveProperty('value', 'Operations Console');
    fireEvent.click(screen.getByRole('tab', { name: 'Integrations' }));
    expect(options('Cloud region')).toEqual(['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2']);
    expect(options('Email provider')).toEqual(['ses', 'sendgrid', 'mailgun']);
    expect(options('SMS provider')).toEqual(['twilio', 'aws-sns']);
    fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(options('Digest frequency')).toEqual(['daily', 'weekly', 'monthly']);
  });
});
