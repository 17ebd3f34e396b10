// What other features' screens use of the user's seasons; the reads come from './api', which the first download may
// hold, where this would bring every component named here into it.
export { SeasonSelect } from './SeasonSelect';
export { SeasonStartSetting } from './SeasonStartSetting';
export { previousSeasonKey, seasonLabel } from './seasons';
export { useSeasons } from './useSeasons';
