import type { ServerModule } from '../module';
import { registerBusinessRoutes } from './routes';

export const businessModule: ServerModule = {
  name: 'business',
  register: ({ route, ctx }) => registerBusinessRoutes(route, ctx),
};
