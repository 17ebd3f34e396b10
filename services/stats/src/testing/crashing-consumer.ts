/**
 * A stats consumer that dies the hard way: after committing the batch that takes it to its Nth event it
 * kills its own process before acknowledging. Run by the delivery-fault tests as a child process.
 */
import { connectNatsBus } from '@cull-log/bus';
import { statsService } from '../stats-service';
import { openSqliteStatsStore } from '../store/sqlite';

const { NATS_URL, STATS_FILE, CRASH_AFTER, MAX_BATCH_SIZE, ACK_WAIT_MS } = process.env;
if (!NATS_URL || !STATS_FILE || !CRASH_AFTER || !MAX_BATCH_SIZE || !ACK_WAIT_MS)
  throw new Error('NATS_URL, STATS_FILE, CRASH_AFTER, MAX_BATCH_SIZE, ACK_WAIT_MS');

const store = openSqliteStatsStore({ file: STATS_FILE });
const bus = await connectNatsBus({ servers: NATS_URL });
let applied = 0;
await bus.subscribeBatches({
  durableName: statsService.durableName,
  maxBatchSize: Number(MAX_BATCH_SIZE),
  ackWaitMs: Number(ACK_WAIT_MS),
  handler: async (batch) => {
    await store.applyBatch(batch.deliveries.map((delivery) => delivery.event));
    applied += batch.deliveries.length;
    if (applied >= Number(CRASH_AFTER)) process.kill(process.pid, 'SIGKILL');
    await batch.ack();
  },
});
