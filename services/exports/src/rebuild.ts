import { exportsService } from './exports-service';

/** `npm run rebuild -w services/exports`: empties the export projection and replays the event log into it. */
await exportsService.rebuild();
