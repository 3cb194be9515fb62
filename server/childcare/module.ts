import type { ServerModule } from '../module';
import { registerChildcareRoutes } from './routes';

export const childcareModule: ServerModule = {
  name: 'childcare',
  register: ({ route, ctx }) => registerChildcareRoutes(route, ctx),
};
