import type { ServerModule } from '../module';
import { registerMonitoringRoutes } from './routes';

export const monitoringModule: ServerModule = {
  name: 'monitoring',
  register: ({ route, ctx }) => registerMonitoringRoutes(route, ctx),
};
