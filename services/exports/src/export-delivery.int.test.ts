import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { StoredLogEvent } from '@cull-log/contracts';
import { connectNatsBus, type EventBus } from '@cull-log/bus';
import { startNatsServer, type NatsTestServer } from '@cull-log/bus/testing';
import { openSqliteEventStore, type EventStore } from '@cull-log/eventstore';
import { rebuildProjection, startProjection } from '@cull-log/projection';
import { caughtUp } from '@cull-log/projection/testing';
import { csvStream } from './csv-stream';
import { exportsService } from './exports-service';
import { openSqliteExportStore } from './store/sqlite';
import type { ExportStore } from './store/export-store';
import { createSampleEventLog } from '@cull-log/eventstore/testing';

const silent = pino({ level: 'silent' });

async function csvOf(store: ExportStore, userId: string): Promise<string> {
  let text = '';
  for await (const chunk of csvStream(store.rows(userId, {}))) text += String(chunk);
  return text;
}

describe('export projection on a real nats-server', () => {
  let server: NatsTestServer;
  let directory: string;
  let eventLog: EventStore;
  let publisher: EventBus;
  const buses: EventBus[] = [];
  const stores: ExportStore[] = [];

  beforeEach(async () => {
    server = await startNatsServer();
    directory = mkdtempSync(join(tmpdir(), 'cull-log-exports-int-'));
    eventLog = openSqliteEventStore({ file: join(directory, 'records.db') });
    // A short duplicate window lets the test publish the same event again as a second, real delivery.
    publisher = await connectNatsBus({ servers: server.url, duplicateWindowMs: 100 });
  });
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
    for (const store of stores.splice(0)) await store.close();
    await publisher.close();
    await eventLog.close();
    rmSync(directory, { recursive: true, force: true });
    await server.stop();
  });

  function openStore(name: string) {
    const store = openSqliteExportStore({ file: join(directory, name) });
    stores.push(store);
    return store;
  }

  async function project(store: ExportStore) {
    const bus = await connectNatsBus({ servers: server.url });
    buses.push(bus);
    return startProjection({
      durableName: exportsService.durableName,
      bus,
      store,
      logger: silent,
      ackWaitMs: 1000,
    });
  }

  it('redelivery and a restart from the checkpoint give the same file as a rebuild from the event log', async () => {
    const log = createSampleEventLog();
    const first = log.recorded('alice', { notes: 'one, "quoted"' });
    log.recorded('bob', { notes: 'not alice' });
    const second = log.recorded('alice', { date: '2026-02-02', antler_points: 4, antler_condition: 'Fair' });
    log.amended('alice', first.streamId, { species: 'Sika Deer', notes: 'line\nbreak' });
    log.amended('alice', second.streamId, { antlers_present: false });
    log.recorded('alice', { location_name: '=cmd' });
    log.deleted('alice', first.streamId);
    for (const { position: _position, ...event } of log.events) {
      await eventLog.append(event.streamId, event.version - 1, [event]);
    }
    const history: StoredLogEvent[] = await eventLog.readAll(0, 100);

    const live = openStore('exports.db');
    const subscription = await project(live);
    for (const event of history.slice(0, 4)) await publisher.publish(event);
    await caughtUp(live, 4);
    await subscription.stop();
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Past the duplicate window these are new messages: events 3 and 4 arrive a second time.
    for (const event of history.slice(2)) await publisher.publish(event);
    await project(live);
    await caughtUp(live, history.length);

    const rebuilt = openStore('rebuilt.db');
    await rebuildProjection({ store: rebuilt, eventLog });
    const expected = await csvOf(rebuilt, 'alice');
    expect(expected.split('\r\n')).toHaveLength(4);
    expect(expected).toContain(`"'=cmd"`);
    expect(expected).not.toContain('not alice');
    expect(await csvOf(live, 'alice')).toBe(expected);
  });
});
