import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPerformance, SystemHealth } from '../../shared/api/monitoring';
import { RequestVolume, ResponseTimeTrend } from '../../renderer/features/api-performance/ApiCharts';
import { PerformanceChart, TrafficChart } from '../../renderer/features/system-health/HealthCharts';
import { stubResizeObserver } from './alerting-fixtures';

beforeAll(stubResizeObserver);

const performance: SystemHealth['performance'] = [
  { time: '2026-01-01T10:00:00.000Z', cpu: 12.5, memory: 40, disk: 61 },
  { time: '2026-01-01T11:00:00.000Z', cpu: 20, memory: 41, disk: 61 },
];

const traffic: SystemHealth['traffic'] = [
  { time: '2026-01-01T10:00:00.000Z', requests: 1200, errors: 3 },
  { time: '2026-01-01T11:00:00.000Z', requests: 900, errors: 0 },
];

/** Every monitoring chart is a ChartFigure: its drawing hidden, its figures a captioned table. */
describe('monitoring charts through the one chart frame', () => {
  it('system health: performance and traffic by hour', () => {
    render(
      <>
        <PerformanceChart points={performance} />
        <TrafficChart points={traffic} />
      </>,
    );
    for (const drawing of screen.getAllByTestId('chart-drawing'))
      expect(drawing.getAttribute('aria-hidden')).toBe('true');
    const perf = screen.getByRole('table', { name: 'Performance by hour' });
    expect(within(perf).getAllByRole('row')).toHaveLength(3);
    expect(within(perf).getByRole('columnheader', { name: 'CPU' })).toBeTruthy();
    const requests = screen.getByRole('table', { name: 'Requests by hour' });
    expect(within(requests).getAllByRole('row')).toHaveLength(3);
  });

  it('API performance: response time and request volume by step', () => {
    const data = {
      stepMinutes: 5,
      trend: [{ time: '2026-01-01T10:00:00.000Z', p50: 12, p95: 80, p99: 140, requests: 40, errors: 2 }],
      latency: { p50: 12, p95: 80, p99: 140 },
      apdex: 0.9,
      kpis: { requests: 40 },
    } as unknown as ApiPerformance;
    render(
      <>
        <ResponseTimeTrend data={data} />
        <RequestVolume data={data} />
      </>,
    );
    expect(screen.getAllByTestId('chart-drawing')).toHaveLength(2);
    const latency = screen.getByRole('table', { name: 'Response time percentiles by step' });
    expect(within(latency).getByRole('columnheader', { name: 'p99' })).toBeTruthy();
    expect(screen.getByRole('table', { name: /^Requests and errors by step/ })).toBeTruthy();
  });
});
