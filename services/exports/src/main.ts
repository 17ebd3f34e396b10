import { exportsService } from './exports-service';

await exportsService.main();
