import type { FastifyInstance } from 'fastify';
import { withQueryPriority } from '../db/priority';
import { heavyClassOf } from './shedding';

/**
 * Marks each request's database calls with its priority (db/priority.ts): an expensive route class is
 * 'heavy', every other request 'cheap'; work that no request started stays 'background'. On PGlite the
 * calls take their turns on the one connection by it; PostgreSQL's pool has no such queue.
 */
export function installQueryPriority(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // Everything after this hook (the other hooks, the handler, what they start) runs inside.
    withQueryPriority(heavyClassOf(request) ? 'heavy' : 'cheap', done);
  });
}
