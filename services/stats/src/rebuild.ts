import { statsService } from './stats-service';

/** `npm run rebuild -w services/stats`: empties the stats projection and replays the event log into it. */
await statsService.rebuild();
