// What other features' screens use of teams; their reads come from './api', which the first download may hold,
// where this would bring every component named here into it.
export { useTeamGroundsToRecordOn, type TeamGround } from './recordable-grounds';
