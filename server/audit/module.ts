import type { ServerModule } from '../module';
import { AUDIT_QUEUES, defineAuditJobs } from './jobs';
import { registerAuditRoutes } from './routes';

export const auditModule: ServerModule = {
  name: 'audit',
  register: ({ route, ctx }) => registerAuditRoutes(route, ctx),
  jobs: (runner, { ctx }) => defineAuditJobs(runner, ctx),
  // A run now, as the hourly timer would, rather than up to an hour later.
  start: async (runner) => void (await runner.send(AUDIT_QUEUES.retention, {})),
};
