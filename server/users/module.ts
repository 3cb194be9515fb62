import type { ServerModule } from '../module';
import { registerUserRoutes } from './routes';

export const usersModule: ServerModule = {
  name: 'users',
  register: ({ route, ctx }) => registerUserRoutes(route, ctx),
};
