import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReportDefinition } from '../../shared/api/reports';
import { REPORT_TEMPLATES, REPORT_TYPES } from '../../shared/reports';
import { ReportList } from '../../renderer/features/reports/ReportList';
import { ScheduledTab } from '../../renderer/features/reports/ScheduledTab';
import { TemplatesTab } from '../../renderer/features/reports/TemplatesTab';
import { formatSize } from '../../renderer/features/reports/rules';

const report = (over: Partial<ReportDefinition> = {}): ReportDefinition => ({
  id: 'r1',
  name: 'Board pack',
  description: 'For the board',
  type: 'financial',
  status: 'active',
  format: 'pdf',
  schedule: 'weekly',
  enabled: true,
  size: 35_900,
  lastGenerated: '2026-03-02T09:00:00.000Z',
  nextRun: null,
  recipients: ['a@example.com', 'b@example.com'],
  metrics: ['mrr'],
  filters: { organizationId: null, plan: null, period: '30d' },
  createdBy: 'u1',
  createdByName: 'Admin',
  createdAt: '2026-03-01T09:00:00.000Z',
  error: null,
  file: null,
  lastDelivery: null,
  ...over,
});

const actions = () => ({
  onGenerate: vi.fn(),
  onDownload: vi.fn(),
  onView: vi.fn(),
  onEdit: vi.fn(),
  onDelete: vi.fn(),
});

describe('report templates', () => {
  it('has one per type at least, shows 3 metrics then "+N more", and Use Template hands the template over', () => {
    expect(new Set(REPORT_TEMPLATES.map((t) => t.type))).toEqual(new Set(REPORT_TYPES));
    const onUse = vi.fn();
    render(<TemplatesTab onUse={onUse} />);
    const card = screen.getByRole('button', { name: 'Use Template Financial Review' }).closest('li')!;
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    expect(card.textContent).toContain('+7 more');
    expect(card.textContent).toContain('Visualizations: Kpi, Line, Bar, Table');
    fireEvent.click(within(card).getByRole('button', { name: 'Use Template Financial Review' }));
    expect(onUse).toHaveBeenCalledWith(REPORT_TEMPLATES.find((t) => t.id === 'financial-review'));
  });
});

describe('my reports', () => {
  it('shows the fields, "TBD" without a next run, the status in words, and disables what cannot be done', () => {
    const handlers = actions();
    render(<ReportList reports={[report({ status: 'running' })]} selectedId={null} actions={handlers} />);
    const item = screen.getByRole('list', { name: 'My Reports' }).firstElementChild as HTMLElement;
    expect(item.textContent).toContain('Generating…');
    expect(item.textContent).toContain('35.1 KB');
    expect(item.textContent).toContain('TBD');
    expect(item.textContent).toContain('a@example.com, b@example.com');
    const group = within(item).getByRole('group', { name: 'Actions for Board pack' });
    expect(within(group).getByRole('button', { name: 'Generate Now' })).toHaveProperty('disabled', true);
    expect(within(group).getByRole('button', { name: 'Download' })).toHaveProperty('disabled', true);
    fireEvent.click(within(group).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Delete' }));
    expect(handlers.onEdit).toHaveBeenCalled();
    expect(handlers.onDelete).toHaveBeenCalled();
  });

  it('shows an error report’s reason', () => {
    render(
      <ReportList
        reports={[
          report({ status: 'error', error: 'Generation refused: You do not have the permission audit.read' }),
        ]}
        selectedId={null}
        actions={actions()}
      />,
    );
    expect(screen.getByText(/Generation refused/)).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});

describe('scheduled reports', () => {
  it('lists only scheduled reports with the recipient count and "TBD"', () => {
    render(<ScheduledTab reports={[report(), report({ id: 'r2', name: 'Ad hoc', schedule: 'manual' })]} />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'Weekly',
      'PDF',
      '2',
      'TBD',
      expect.any(String),
      'Active',
    ]);
  });
});

describe('sizes', () => {
  it('are written in 1024 units', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
