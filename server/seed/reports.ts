import { REPORT_TEMPLATES, type ReportFormat, type ReportSchedule } from '../../shared/reports';
import type { ReportFilters } from '../../shared/api/reports';
import type { Db } from '../db/client';
import { reports } from '../db/schema';
import { DEMO_USERS } from './demo-users';
import { demoOrganizationId } from './tenancy';

interface DemoReport {
  template: string;
  format: ReportFormat;
  schedule: ReportSchedule;
  recipients: string[];
  filters?: Partial<ReportFilters>;
  name: string;
}

/**
 * A few of every kind, on every schedule, in both formats: what My Reports and Scheduled show. Named
 * apart from the templates, so that a report made from one is told from these.
 */
const DEMO_REPORTS: readonly DemoReport[] = [
  {
    template: 'executive-summary',
    name: 'Weekly Board Pack',
    format: 'pdf',
    schedule: 'weekly',
    recipients: ['board@demo.example', 'owner@demo.example'],
  },
  {
    template: 'platform-performance',
    name: 'Daily Operations Check',
    format: 'xlsx',
    schedule: 'daily',
    recipients: ['ops@demo.example'],
  },
  {
    template: 'financial-review',
    name: 'Finance Year to Date',
    format: 'pdf',
    schedule: 'monthly',
    recipients: ['finance@demo.example'],
    filters: { period: 'ytd' },
  },
  {
    template: 'security-activity',
    name: 'Sign-in Review',
    format: 'xlsx',
    schedule: 'manual',
    recipients: [],
  },
  {
    template: 'executive-summary',
    name: 'Sunshine Center Figures',
    format: 'pdf',
    schedule: 'manual',
    recipients: [],
    filters: { organizationId: demoOrganizationId(0) },
  },
];

/**
 * The demo's report definitions, owned by admin@demo.example (who may see every metric). They are left
 * for the first start to generate (reports.generate_on_start) rather than rendered here: the build's
 * snapshot is moved to its first start's day (seed/anchor.ts), and files made at build would show the
 * build's figures and dates, and expire 30 days after it. The first start also computes their next runs
 * in the platform's timezone (server/reports/demo.ts).
 */
export async function insertDemoReports(db: Db, now: number): Promise<void> {
  const admin = DEMO_USERS.find((u) => u.email === 'admin@demo.example');
  if (!admin) throw new Error('admin@demo.example is missing from the demo users');
  await db.insert(reports).values(
    DEMO_REPORTS.map((r, i) => {
      const template = REPORT_TEMPLATES.find((t) => t.id === r.template);
      if (!template) throw new Error(`unknown report template ${r.template}`);
      return {
        name: r.name,
        description: template.description,
        type: template.type,
        format: r.format,
        schedule: r.schedule,
        metrics: [...template.metrics],
        filters: { organizationId: null, plan: null, period: '30d' as const, ...r.filters },
        recipients: r.recipients,
        createdBy: admin.id,
        // Listed newest first in the order above.
        createdAt: new Date(now - (i + 1) * 60_000),
        generateOnStart: true,
      };
    }),
  );
}
