import type { ServerModule } from '../module';
import { registerAlertRoutes } from './routes';

export const alertsModule: ServerModule = {
  name: 'alerts',
  register: ({ app, route, ctx, database, jobs }) => registerAlertRoutes(app, route, ctx, database, jobs),
};
