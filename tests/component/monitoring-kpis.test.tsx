/** The monitoring KPIs and tables colour their figures by part 2 §9's thresholds. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointRow, InstanceRow } from '../../shared/api/monitoring';
import { ApiKpis } from '../../renderer/features/api-performance/ApiKpis';
import { EndpointTable } from '../../renderer/features/api-performance/EndpointTable';
import { GeographicPerformance } from '../../renderer/features/api-performance/ErrorsAndRegions';
import { HealthKpis } from '../../renderer/features/system-health/HealthKpis';
import { InfrastructureTable } from '../../renderer/features/system-health/InfrastructureTable';

const tone = (testId: string) => screen.getByTestId(testId).dataset.tone;

describe('System Health KPIs', () => {
  it('shows overall health green above 90 % and critical issues red when any', () => {
    const { rerender } = render(
      <HealthKpis
        kpis={{ overallHealth: 100, averageResponseMs: 42, criticalIssues: 0, systemLoad: 12.5 }}
      />,
    );
    expect(tone('kpi-overall-health')).toBe('good');
    expect(screen.getByTestId('kpi-overall-health').textContent).toBe('100%');
    expect(tone('kpi-critical-issues')).toBe('good');
    expect(screen.getByTestId('kpi-average-response').textContent).toBe('42 ms');
    rerender(
      <HealthKpis
        kpis={{ overallHealth: 75, averageResponseMs: 1500, criticalIssues: 1, systemLoad: null }}
      />,
    );
    expect(tone('kpi-overall-health')).toBe('warn');
    expect(tone('kpi-critical-issues')).toBe('bad');
    expect(screen.getByTestId('kpi-average-response').textContent).toBe('1.50 s');
  });
});

describe('API Performance KPIs', () => {
  const kpis = (errorRate: number) => ({ averageMs: 80, requests: 1200, errorRate, p95Ms: 210 });
  it("says 'Within SLA' below 2 %, and shows the error rate red above 3 %", () => {
    const { rerender } = render(<ApiKpis kpis={kpis(1.5)} />);
    expect(tone('kpi-error-rate')).toBe('good');
    expect(screen.getByText('Within SLA')).toBeTruthy();
    rerender(<ApiKpis kpis={kpis(2.5)} />);
    expect(tone('kpi-error-rate')).toBe('warn');
    expect(screen.queryByText('Within SLA')).toBeNull();
    rerender(<ApiKpis kpis={kpis(3.5)} />);
    expect(tone('kpi-error-rate')).toBe('bad');
  });
});

describe('tables and lists', () => {
  const endpoint = (route: string, errorRate: number): EndpointRow => ({
    route,
    method: 'GET',
    sparkline: Array<null>(10).fill(null),
    averageMs: 10,
    p95Ms: 20,
    requests: 100,
    errorRate,
    apdex: 1,
    status: errorRate > 3 ? 'critical' : errorRate > 1 ? 'warning' : 'healthy',
  });

  it('colours endpoint error rates red above 3 and yellow above 1', () => {
    render(<EndpointTable endpoints={[endpoint('/a', 0.5), endpoint('/b', 2), endpoint('/c', 4)]} />);
    const table = screen.getByRole('table', { name: 'Endpoint performance' });
    const rates = within(table)
      .getAllByText(/%$/)
      .map((cell) => [cell.textContent, cell.dataset.tone]);
    expect(rates).toEqual(
      expect.arrayContaining([
        ['0.50%', 'good'],
        ['2.00%', 'warn'],
        ['4.00%', 'bad'],
      ]),
    );
  });

  it('colours geographic errors red above 2', () => {
    render(
      <GeographicPerformance
        regions={[
          { region: 'us-east-1', instances: 1, requests: 10, averageMs: 5, errorRate: 2 },
          { region: 'us-west-2', instances: 2, requests: 10, averageMs: 5, errorRate: 2.5 },
        ]}
      />,
    );
    expect(within(screen.getByLabelText('us-east-1')).getByText(/errors/).dataset.tone).toBe('good');
    expect(within(screen.getByLabelText('us-west-2')).getByText(/errors/).dataset.tone).toBe('bad');
  });

  it('draws the load bar red above 80, yellow above 60, else green, and names offline instances', () => {
    const row = (id: string, load: number, status: InstanceRow['status']): InstanceRow => ({
      id,
      host: id,
      region: 'local',
      version: '1',
      status,
      startedAt: '2026-03-02T09:00:00.000Z',
      lastSeenAt: '2026-03-02T09:00:00.000Z',
      load,
      memoryPercent: 10,
      eventLoopDelayMs: 1,
      openConnections: 1,
    });
    render(
      <InfrastructureTable
        instances={[row('h1', 50, 'online'), row('h2', 70, 'online'), row('h3', 90, 'offline')]}
      />,
    );
    const bars = screen.getAllByRole('meter').map((m) => (m.firstChild as HTMLElement).dataset.tone);
    expect(bars).toEqual(['good', 'warn', 'bad']);
    expect(screen.getByText('offline')).toBeTruthy();
  });

  it("shows each component's type and connections under the spec's headers (part 2 §3)", () => {
    const row: InstanceRow = {
      id: 'api-1',
      host: 'api-1',
      region: 'local',
      version: '1',
      status: 'online',
      startedAt: '2026-03-02T09:00:00.000Z',
      lastSeenAt: '2026-03-02T09:00:00.000Z',
      load: 10,
      memoryPercent: 10,
      eventLoopDelayMs: 1,
      openConnections: 1234,
    };
    render(
      <InfrastructureTable
        instances={[row, { ...row, id: 'api-2', host: 'api-2', openConnections: null }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Infrastructure components' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Type', 'Connections']));
    const cells = (id: string) =>
      within(within(table).getByRole('row', { name: new RegExp(id) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('api-1')).toEqual(expect.arrayContaining(['API server', '1,234']));
    expect(cells('api-2')).toEqual(expect.arrayContaining(['API server', '—']));
  });
});
