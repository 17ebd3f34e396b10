// A projection service for projection-service.int.test.ts: its read model keeps the ids of applied events.
import { join } from 'node:path';
import { z } from 'zod';
import type { Subscription } from '@cull-log/bus';
import { buildServiceApp, commonConfigShape, parseConfig } from '@cull-log/service-kit';
import { openSqliteProjection, runProjectionService, startProjection } from '../index';

await runProjectionService({
  name: 'fixture',
  host: '127.0.0.1',
  readConfig: () => parseConfig(z.object(commonConfigShape)),
  openStore: async (config) => {
    const projection = openSqliteProjection({
      file: join(config.DATA_DIR, 'fixture.db'),
      schema: 'CREATE TABLE IF NOT EXISTS applied (event_id TEXT PRIMARY KEY)',
      readModelTables: ['applied'],
    });
    const insert = projection.db.prepare('INSERT INTO applied (event_id) VALUES (?)');
    return projection.projectionStore((event) => insert.run(event.id));
  },
  buildApp: ({ store, bus, logger }) => {
    const app = buildServiceApp({ name: 'fixture', logger });
    let subscription: Subscription | undefined;
    app.addHook('onReady', async () => {
      subscription = await startProjection({ durableName: 'fixture', bus, store, logger: app.log });
    });
    app.addHook('onClose', async () => {
      await subscription?.stop();
    });
    app.get('/position', async () => ({ position: await store.position() }));
    return app;
  },
});
