// What other features' screens use of seasons and cull plans; their reads come from './api', which the first
// download may hold, where this would bring every component named here into it.
export { downloadSeasonReport, planProgressQuery, settingsQuery } from './api';
export { PlanProgress } from './PlanProgress';
export { SeasonSelect } from './SeasonSelect';
export { SeasonStartSetting } from './SeasonStartSetting';
export { seasonLabel } from './seasons';
export { useSeasons } from './useSeasons';
