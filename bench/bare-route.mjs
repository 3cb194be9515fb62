// The bare Fastify baseline of bench/auth.ts, in a process of its own: one route answering a fixed JSON
// body, serialized by Fastify as any route's. BARE_ROUTE = {"method", "path", "body"}; prints
// `listening <url>`; SIGTERM stops it.
import Fastify from 'fastify';

const { method, path, body } = JSON.parse(process.env.BARE_ROUTE ?? '{}');
const app = Fastify({ logger: false });
app.route({ method, url: path, handler: async () => body });
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${url}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
