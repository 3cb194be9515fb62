import type { ServerModule } from '../module';
import { registerTwoFactorRoutes } from './routes';

export const accountModule: ServerModule = {
  name: 'account',
  register: ({ route, ctx }) => registerTwoFactorRoutes(route, ctx),
};
