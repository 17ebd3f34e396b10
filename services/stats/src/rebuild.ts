import { runProjectionRebuild } from '@cull-log/projection';
import { openStatsStore } from './config';

/** `npm run rebuild -w services/stats`: empties the stats projection and replays the event log into it. */
await runProjectionRebuild({ name: 'stats', openStore: openStatsStore });
