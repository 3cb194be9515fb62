import type { ServerModule } from '../module';
import { registerIntegrationRoutes } from './routes';

export const integrationsModule: ServerModule = {
  name: 'integrations',
  register: ({ route, ctx }) => registerIntegrationRoutes(route, ctx),
  // The delivery loop and its sweep run beside the runner (server/integrations/service.ts).
  jobs: (runner, { ctx }) => ctx.webhooks.attachJobs(runner),
};
