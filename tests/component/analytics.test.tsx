import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USAGE_DEFINITIONS, type FeatureUsage } from '../../shared/api/usage';
import { AnalyticsKpis } from '../../renderer/features/analytics/AnalyticsKpis';
import { DeviceBreakdown } from '../../renderer/features/analytics/DeviceBreakdown';
import { FeatureUsageCards } from '../../renderer/features/analytics/FeatureUsageCards';

describe('feature usage cards', () => {
  const features: FeatureUsage[] = [
    { feature: 'Data Export', usage: 62.5, users: 5, growth: 15 },
    { feature: 'Filters & Search', usage: 40, users: 4, growth: 10 },
    { feature: 'Theme Switch', usage: 12.5, users: 1, growth: 9.9 },
    { feature: 'Cost Import', usage: 0, users: 0, growth: null },
  ];

  it('colours the growth badge green at 15 or more, yellow at 10 or more, else grey, and says so in words', () => {
    render(<FeatureUsageCards features={features} />);
    const badge = (name: string) =>
      within(screen.getByRole('listitem', { name })).getByTestId('growth-badge');
    expect(badge('Data Export')).toHaveProperty('textContent', '+15% · strong growth');
    expect(badge('Data Export').className).toContain('bg-green-100');
    expect(badge('Filters & Search')).toHaveProperty('textContent', '+10% · moderate growth');
    expect(badge('Filters & Search').className).toContain('bg-yellow-100');
    expect(badge('Theme Switch')).toHaveProperty('textContent', '+9.9% · low growth');
    expect(badge('Theme Switch').className).toContain('bg-surface-muted');
    expect(badge('Cost Import')).toHaveProperty('textContent', 'n/a · low growth');
    expect(badge('Cost Import').dataset.tone).toBe('grey');
  });

  it('shows usage and users', () => {
    render(<FeatureUsageCards features={features.slice(0, 1)} />);
    const card = screen.getByRole('listitem', { name: 'Data Export' });
    expect(card.textContent).toContain('62.5%');
    expect(card.textContent).toContain('5 users');
  });
});

describe('analytics KPI cards', () => {
  it('shows the four figures formatted, each with how it is computed', () => {
    render(
      <AnalyticsKpis
        kpis={{ totalSessions: 1234, uniqueUsers: 50, pageViews: 15678, avgSessionDuration: 245.4 }}
      />,
    );
    expect(screen.getByTestId('kpi-totalSessions').textContent).toBe('1,234');
    expect(screen.getByTestId('kpi-uniqueUsers').textContent).toBe('50');
    expect(screen.getByTestId('kpi-pageViews').textContent).toBe('15,678');
    expect(screen.getByTestId('kpi-avgSessionDuration').textContent).toBe('4m 05s');
    fireEvent.click(screen.getByRole('button', { name: 'About Total Sessions' }));
    expect(screen.getByRole('tooltip').textContent).toBe(USAGE_DEFINITIONS.totalSessions);
  });
});

describe('device breakdown', () => {
  it('gives each share as text beside its bar', () => {
    render(
      <DeviceBreakdown
        devices={[{ device: 'Desktop app · Linux', percentage: 75, sessions: 3 }]}
        screens={[]}
      />,
    );
    expect(screen.getByText('Desktop app · Linux')).toBeTruthy();
    expect(screen.getByText('75% · 3 sessions')).toBeTruthy();
    expect(screen.getByText('No sessions in this range.')).toBeTruthy();
  });
});
