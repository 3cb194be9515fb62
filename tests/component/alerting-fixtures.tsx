/**
 * What the alerting screens' component tests share: a stand-in for the main process (the bridge is the
 * renderer's boundary; the server behind it is tested in tests/integration), the signed-in user, and sample
 * alerts, rules and users.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Alert, AlertRule } from '../../shared/alerting';
import type { PlatformUser } from '../../shared/api/users';
import type { SessionUser } from '../../shared/api/auth';
import { useAuthStore } from '../../renderer/app/state/useAuthStore';

// A machine shared with other work can take more than the default second to render a screen's first data.
configure({ asyncUtilTimeout: 10_000 });

type Handler = (input: never) => unknown;
export type Calls = { channel: string; input: unknown }[];

/**
 * Answers each channel from `handlers` (a throw becomes the failure the main process would answer) and
 * records every call; a channel without a handler fails, as an unknown one would.
 */
export function installBridge(handlers: Record<string, Handler>): Calls {
  const calls: Calls = [];
  const api = new Proxy(
    {},
    {
      get: (_target, channel: string) => async (input: unknown) => {
        calls.push({ channel, input });
        const handler = handlers[channel];
        if (!handler) return { ok: false, error: { code: 'FAILED', message: `unexpected ${channel}` } };
        try {
          return { ok: true, value: await handler(input as never) };
        } catch (error) {
          return { ok: false, error: { code: 'INVALID', status: 400, message: (error as Error).message } };
        }
      },
    },
  );
  Object.assign(window, { consoleApi: api });
  return calls;
}

export const callsTo = (calls: Calls, channel: string) =>
  calls.filter((c) => c.channel === channel).map((c) => c.input);

export function removeBridge() {
  Reflect.deleteProperty(window, 'consoleApi');
}

export const ADMIN: SessionUser = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.test',
  name: 'Avery Admin',
  role: 'super_admin',
  permissions: ['alerts.read', 'alerts.create', 'alerts.update', 'alerts.delete', 'users.manage'],
};

export const READER: SessionUser = {
  ...ADMIN,
  userId: '00000000-0000-4000-8000-000000000009',
  name: 'Rita Reader',
  role: 'alerts_viewer',
  permissions: ['alerts.read'],
};

export function signInAs(user: SessionUser) {
  useAuthStore.setState({ status: 'authenticated', user });
}

/** recharts' ResponsiveContainer and headlessui ask for ResizeObserver, which jsdom lacks. */
export function stubResizeObserver() {
  if (!('ResizeObserver' in globalThis))
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
}

export function renderScreen(screenElement: ReactNode, path = '/'): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{screenElement}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

export function sampleAlert(overrides: Partial<Alert> & Pick<Alert, 'id' | 'title'>): Alert {
  return {
    description: '',
    severity: 'medium',
    status: 'active',
    category: 'technical',
    timestamp: ago(5),
    source: 'monitoring',
    assignedTo: null,
    tags: [],
    metrics: null,
    ruleId: null,
    labels: {},
    resolvedAt: null,
    history: [{ status: 'active', at: ago(5), by: null, byName: 'Alerting', comment: '' }],
    ...overrides,
  };
}

export const ALERTS: Alert[] = [
  sampleAlert({
    id: '10000000-0000-4000-8000-000000000001',
    title: 'API p95 above 500 ms',
    description: 'The API answers slowly',
    severity: 'critical',
    source: 'route=/api/users',
    metrics: { value: 812, threshold: 500, unit: 'ms' },
    labels: { route: '/api/users' },
  }),
  sampleAlert({
    id: '10000000-0000-4000-8000-000000000002',
    title: 'Disk free below 10 %',
    description: 'The data volume is nearly full',
    severity: 'low',
    status: 'resolved',
    source: 'instance=db-1',
    assignedTo: 'Dana Director',
    timestamp: ago(3 * 60),
  }),
  sampleAlert({
    id: '10000000-0000-4000-8000-000000000003',
    title: 'Cloud cost above budget',
    description: 'Spending is at 93 % of the monthly budget',
    severity: 'medium',
    status: 'acknowledged',
    category: 'business',
    source: 'billing',
  }),
];

export const STATS = { total: 3, active: 1, critical: 1, resolved: 1, avgResolutionTime: 95 };

const platformUser = (
  id: string,
  name: string,
  permissions: string[],
  status: PlatformUser['status'] = 'active',
): PlatformUser => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
  role: 'custom',
  roleName: 'Custom',
  isSystemRole: false,
  center: null,
  status,
  lastLogin: null,
  joinDate: '2026-01-01T00:00:00.000Z',
  phone: '',
  location: '',
  permissions,
  twoFactorEnabled: false,
});

export const USERS: PlatformUser[] = [
  platformUser(ADMIN.userId, 'Avery Admin', ['alerts.read', 'alerts.update']),
  platformUser('00000000-0000-4000-8000-000000000002', 'Dana Director', ['alerts.read']),
  platformUser('00000000-0000-4000-8000-000000000003', 'Theo Teacher', ['attendance.view']),
  platformUser('00000000-0000-4000-8000-000000000004', 'Sam Suspended', ['alerts.read'], 'suspended'),
];

export function sampleRule(overrides: Partial<AlertRule> & Pick<AlertRule, 'id' | 'name'>): AlertRule {
  return {
    description: '',
    status: 'active',
    severity: 'high',
    metric: 'latency',
    condition: { operator: '>', threshold: 500, aggregation: 'p95', timeWindow: '5m' },
    filters: [],
    notifications: [{ type: 'email', target: 'ops@example.test' }],
    escalation: { enabled: false, steps: [] },
    suppressionRules: { enabled: false, duration: 0, conditions: [] },
    pendingSeconds: 300,
    keepFiringSeconds: 0,
    noDataState: 'normal',
    errorState: 'keep',
    createdBy: 'Avery Admin',
    createdAt: ago(60 * 24),
    lastTriggered: ago(30),
    triggerCount: 4,
    state: 'normal',
    ...overrides,
  };
}

export const RULES: AlertRule[] = [
  sampleRule({
    id: '20000000-0000-4000-8000-000000000001',
    name: 'API p95 above 500 ms',
    description: 'The API answers slowly for 5 minutes.',
  }),
  sampleRule({
    id: '20000000-0000-4000-8000-000000000002',
    name: 'Disk free below 10 %',
    description: 'A volume is nearly full.',
    status: 'paused',
    severity: 'critical',
    metric: 'disk_free',
    condition: { operator: '<', threshold: 10, aggregation: 'min', timeWindow: '5m' },
    lastTriggered: null,
    triggerCount: 0,
  }),
];

/** The text of what a control's aria-describedby names: its hint and its error. */
export function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
