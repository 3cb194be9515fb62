import type { ServerModule } from '../module';
import { registerRoleRoutes } from './routes';

export const rolesModule: ServerModule = {
  name: 'roles',
  register: ({ route, ctx }) => registerRoleRoutes(route, ctx),
};
