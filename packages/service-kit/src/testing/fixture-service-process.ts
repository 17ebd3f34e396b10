// Service processes for run-service.int.test.ts: the test signals them and reads their JSON log lines.
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServiceApp, createLogger, runService } from '../index';

const logger = createLogger({ name: 'fixture', level: 'info', pretty: false });
const app = buildServiceApp({ name: 'fixture', logger });
app.get('/slow', async (request) => {
  request.log.info('slow request started');
  await sleep(300);
  return { finished: true };
});

await runService({
  app,
  port: 0,
  host: '127.0.0.1',
  logger,
  onClose: async () => {
    // Stands in for a store that never finishes closing, so the test can send a second signal.
    if (process.env.FIXTURE_HANG_ON_CLOSE === '1') await new Promise(() => setInterval(() => {}, 1000));
    await sleep(50);
    logger.info('resources closed');
  },
});

// The standalone shape: a second service in the same process whose resources take longer to close.
if (process.env.FIXTURE_SECOND_SERVICE === '1') {
  const second = buildServiceApp({ name: 'second', logger });
  await runService({
    app: second,
    port: 0,
    host: '127.0.0.1',
    logger,
    onClose: async () => {
      await sleep(200);
      logger.info('second service closed');
    },
  });
}
