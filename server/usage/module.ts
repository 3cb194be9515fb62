import type { ServerModule } from '../module';
import { defineUsageJobs } from './jobs';
import { registerUsageRoutes } from './routes';

export const usageModule: ServerModule = {
  name: 'usage',
  register: ({ route, ctx }) => registerUsageRoutes(route, ctx),
  jobs: (runner, { ctx }) => defineUsageJobs(runner, ctx),
};
