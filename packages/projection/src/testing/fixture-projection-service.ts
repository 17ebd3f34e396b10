// A projection service for projection-service.int.test.ts: its read model keeps the ids of applied events.
import { defineProjectionService } from '../projection-service';
import { connectMongoProjection } from '../mongo-projection';
import { openSqliteProjection } from '../sqlite-projection';

const fixture = defineProjectionService({
  name: 'fixture',
  durableName: 'fixture',
  port: 0,
  mongoDatabase: 'cull_log_fixture',
  sqliteFile: 'fixture.db',
  openSqlite: ({ file }) => {
    const projection = openSqliteProjection({
      file,
      name: 'fixture',
      migrations: [
        {
          version: 1,
          does: 'the table',
          up: (db) => db.exec('CREATE TABLE IF NOT EXISTS applied (event_id TEXT PRIMARY KEY)'),
        },
      ],
      readModelTables: ['applied'],
    });
    const insert = projection.db.prepare('INSERT INTO applied (event_id) VALUES (?)');
    return projection.projectionStore((events) => {
      for (const event of events) insert.run(event.id);
    });
  },
  connectMongo: async (options) => {
    const projection = await connectMongoProjection({
      ...options,
      name: 'fixture',
      readModelCollections: ['applied'],
    });
    const applied = projection.db.collection<{ _id: string }>('applied');
    return projection.projectionStore(async (events, session) => {
      await applied.insertMany(
        events.map((event) => ({ _id: event.id })),
        { session },
      );
    });
  },
  routes: async (app, { store }) => {
    app.get('/position', async () => ({ position: await store.position() }));
  },
});

await fixture.main({ host: '127.0.0.1' });
