import { statsService } from './stats-service';

export const buildApp = statsService.buildApp;
export { openSqliteStatsStore } from './store/sqlite';
