import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessDashboard, CostBreakdown } from '../../shared/api/business';
import { ServiceBreakdown } from '../../renderer/features/cost-optimization/ServiceBreakdown';
import { TopCenters } from '../../renderer/features/dashboard/TopCenters';

const cells = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('[role="cell"], [role="rowheader"]'), (cell) => cell.textContent);

describe('TopCenters on the DataTable', () => {
  const centers: BusinessDashboard['topCenters'] = [
    {
      organizationId: 'o1',
      name: 'Sunny Days',
      plan: 'professional',
      children: 1234,
      mrr: 4999,
      health: 'healthy',
    },
    { organizationId: 'o2', name: 'Little Oaks', plan: 'starter', children: 40, mrr: 199, health: 'at risk' },
  ];

  it('renders each center as a row named by its center, figures formatted', () => {
    render(<TopCenters centers={centers} />);
    const table = screen.getByRole('table', { name: 'Top Centers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Center Name', 'Plan', 'Children', 'MRR', 'Health']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Sunny Days', 'professional', '1,234', '$4,999', 'healthy'],
      ['Little Oaks', 'starter', '40', '$199', 'at risk'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Sunny Days');
  });

  it('says so when there are no paying centers', () => {
    render(<TopCenters centers={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No paying centers yet.')).toBeTruthy();
  });
});

describe('ServiceBreakdown on the DataTable', () => {
  it('renders a service per row with its change and forecast band', () => {
    const breakdown = {
      enoughData: true,
      daysWithData: 30,
      services: [
        {
          name: 'lambda',
          current_cost: 120.5,
          previous_cost: 100,
          change_percent: 20.5,
          forecast: 130,
          forecast_low: 110,
          forecast_high: 150,
        },
        {
          name: 's3',
          current_cost: 10,
          previous_cost: null,
          change_percent: null,
          forecast: null,
          forecast_low: null,
          forecast_high: null,
        },
      ],
    } as unknown as CostBreakdown;
    render(<ServiceBreakdown breakdown={breakdown} />);
    const rows = within(screen.getByRole('table', { name: 'Service costs' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(cells(rows[1]!)).toEqual(['Lambda', '$120.50', '$100.00', '+20.5%', '$130.00$110 – $150']);
    expect(cells(rows[2]!)).toEqual(['S3', '$10.00', 'n/a', 'n/a', 'not enough data']);
  });
});
