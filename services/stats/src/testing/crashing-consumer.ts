/**
 * A stats consumer that dies the hard way: after committing its Nth event it kills its own process
 * before acknowledging. Run by the delivery-fault tests as a child process.
 */
import { connectNatsBus } from '@cull-log/bus';
import { statsService } from '../stats-service';
import { openSqliteStatsStore } from '../store/sqlite-stats-store';

const { NATS_URL, STATS_FILE, CRASH_AFTER, ACK_WAIT_MS } = process.env;
if (!NATS_URL || !STATS_FILE || !CRASH_AFTER || !ACK_WAIT_MS)
  throw new Error('NATS_URL, STATS_FILE, CRASH_AFTER, ACK_WAIT_MS');

const store = openSqliteStatsStore({ file: STATS_FILE });
const bus = await connectNatsBus({ servers: NATS_URL });
let applied = 0;
await bus.subscribe({
  durableName: statsService.durableName,
  ackWaitMs: Number(ACK_WAIT_MS),
  handler: async (delivery) => {
    await store.apply(delivery.event);
    applied += 1;
    if (applied === Number(CRASH_AFTER)) process.kill(process.pid, 'SIGKILL');
    await delivery.ack();
  },
});
