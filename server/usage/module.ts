import type { ServerModule } from '../module';
import { registerUsageRoutes } from './routes';

export const usageModule: ServerModule = {
  name: 'usage',
  register: ({ route, ctx }) => registerUsageRoutes(route, ctx),
};
