import type { ServerModule } from '../module';
import { registerAuthRoutes } from './routes';

export const authModule: ServerModule = {
  name: 'auth',
  register: ({ route, ctx }) => registerAuthRoutes(route, ctx),
};
