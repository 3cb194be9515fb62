import type { ServerModule } from '../module';
import { registerReportRoutes } from './routes';

export const reportsModule: ServerModule = {
  name: 'reports',
  register: ({ app, route, ctx, jobs }) => registerReportRoutes(app, route, ctx, jobs),
};
