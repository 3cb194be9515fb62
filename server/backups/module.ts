import type { ServerModule } from '../module';
import { registerBackupRoutes } from './routes';

export const backupsModule: ServerModule = {
  name: 'backups',
  register: ({ app, route, ctx, database, jobs, log }) =>
    registerBackupRoutes(app, route, ctx, database, jobs, log),
};
