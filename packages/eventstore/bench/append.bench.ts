import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openSqliteEventStore } from '../src/index';
import { cullAmendedEvent, cullRecordedEvent } from '../src/testing/index';

/** Sized to finish in seconds on a shared machine: an append awaited alone is one transaction and one sync of the log. */
const STREAMS = 200;
const APPENDS_PER_STREAM = 10;
const READ_PAGE = 500;
/** As many appenders as the app's benchmark has clients, each awaiting its append; they share commits. */
const CONCURRENT_APPENDERS = 32;
const APPENDS_PER_APPENDER = 100;

function perSecond(count: number, milliseconds: number): string {
  return Math.round((count * 1000) / milliseconds).toLocaleString('en-GB');
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-bench-'));
  const store = openSqliteEventStore({ file: join(folder, 'events.sqlite') });
  try {
    const streamIds = Array.from({ length: STREAMS }, () => randomUUID());

    const appendStart = performance.now();
    for (let version = 1; version <= APPENDS_PER_STREAM; version += 1) {
      for (const streamId of streamIds) {
        const event = version === 1 ? cullRecordedEvent(streamId) : cullAmendedEvent(streamId, version);
        await store.append(streamId, version - 1, [event]);
      }
    }
    const appendMs = performance.now() - appendStart;
    const appended = STREAMS * APPENDS_PER_STREAM;
    console.log(
      `SQLite append (one event per transaction, synced before it is acknowledged): ${appended} appends in ` +
        `${appendMs.toFixed(0)} ms = ${perSecond(appended, appendMs)} appends/s`,
    );

    const concurrentStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENT_APPENDERS }, async () => {
        for (let appended = 0; appended < APPENDS_PER_APPENDER; appended += 1) {
          const streamId = randomUUID();
          await store.append(streamId, 0, [cullRecordedEvent(streamId)]);
        }
      }),
    );
    const concurrentMs = performance.now() - concurrentStart;
    const concurrent = CONCURRENT_APPENDERS * APPENDS_PER_APPENDER;
    console.log(
      `SQLite append (${CONCURRENT_APPENDERS} concurrent appenders, one event each): ${concurrent} appends in ` +
        `${concurrentMs.toFixed(0)} ms = ${perSecond(concurrent, concurrentMs)} appends/s`,
    );

    const batchStreams = Array.from({ length: 50 }, () => randomUUID());
    const batchStart = performance.now();
    for (const streamId of batchStreams) {
      const events = [
        cullRecordedEvent(streamId),
        ...Array.from({ length: 19 }, (_, index) => cullAmendedEvent(streamId, index + 2)),
      ];
      await store.append(streamId, 0, events);
    }
    const batchMs = performance.now() - batchStart;
    const batched = batchStreams.length * 20;
    console.log(
      `SQLite append (20 events per transaction): ${batched} events in ${batchMs.toFixed(0)} ms = ` +
        `${perSecond(batched, batchMs)} events/s`,
    );

    const readStart = performance.now();
    let read = 0;
    for (let after = 0; ;) {
      const page = await store.readAll(after, READ_PAGE);
      if (page.length === 0) break;
      read += page.length;
      after = page[page.length - 1]!.position;
    }
    const readMs = performance.now() - readStart;
    console.log(
      `SQLite readAll (pages of ${READ_PAGE}, validated): ${read} events in ${readMs.toFixed(0)} ms = ` +
        `${perSecond(read, readMs)} events/s`,
    );
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
