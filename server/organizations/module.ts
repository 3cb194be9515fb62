import type { ServerModule } from '../module';
import { registerOrganizationRoutes } from './routes';

export const organizationsModule: ServerModule = {
  name: 'organizations',
  register: ({ route, ctx }) => registerOrganizationRoutes(route, ctx),
};
