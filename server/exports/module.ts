import type { ServerModule } from '../module';
import { defineExportJobs, EXPORT_QUEUES } from './jobs';
import { registerExportRoutes } from './routes';

export const exportsModule: ServerModule = {
  name: 'exports',
  register: ({ route, ctx, app }) => registerExportRoutes(route, ctx, app),
  jobs: (runner, { ctx }) => defineExportJobs(runner, ctx),
  // A run now, as the hourly timer would, rather than up to an hour later.
  start: async (runner) => void (await runner.send(EXPORT_QUEUES.expiry, {})),
};
