/**
 * The yardstick for the API throughput target: a bare Fastify hello-world route, no plugins, no
 * logger, no schemas. `node --import tsx bench/hello-world.ts` listens on HOST:PORT; GET / answers
 * `{"hello":"world"}`. The catalogue route must reach 70% of its requests per second, measured in
 * the same run (bench/api-throughput.ts).
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3000) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
