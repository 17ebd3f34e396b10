import { runProjectionRebuild } from '@cull-log/projection';
import { openExportStore } from './config';

/** `npm run rebuild -w services/exports`: empties the export projection and replays the event log into it. */
await runProjectionRebuild({ name: 'exports', openStore: openExportStore });
