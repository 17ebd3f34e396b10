/**
 * The baseline of the benchmark, run as its own process: a bare Fastify answering `GET /api/culls` with the
 * same 10-row page JSON the app answered, held in memory. Prints `{"port":…}` once listening.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const page = readFileSync(process.argv[2] as string, 'utf8');
const app = Fastify({ logger: false });
app.get('/api/culls', async (_request, reply) => reply.type('application/json; charset=utf-8').send(page));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('the baseline has no port');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.once('SIGTERM', () => void app.close());
