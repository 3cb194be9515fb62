import type { ServerModule } from '../module';
import { registerSettingsRoutes } from './routes';

export const settingsModule: ServerModule = {
  name: 'settings',
  register: ({ route, ctx }) => registerSettingsRoutes(route, ctx),
};
