import { statsService } from './stats-service';

await statsService.main();
