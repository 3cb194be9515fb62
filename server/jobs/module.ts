import type { ServerModule } from '../module';
import { registerJobRoutes } from './routes';

export const jobsModule: ServerModule = {
  name: 'jobs',
  register: ({ route, ctx }) => registerJobRoutes(route, ctx),
};
