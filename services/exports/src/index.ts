import { exportsService } from './exports-service';

export const buildApp = exportsService.buildApp;
export { openSqliteExportStore } from './store/sqlite';
