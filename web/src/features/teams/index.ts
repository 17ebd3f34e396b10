// What other features' screens use of teams; their reads come from './api', which the first download may hold,
// where this would bring every component named here into it.
export { useTeamGroundsToRecordOn, type TeamGround } from './recordable-grounds';
export {
  chooseTeam,
  culledByName,
  mayChangeRecord,
  mayRecord,
  useTeamScope,
  type TeamScope,
} from './team-scope';
export { TeamScopeNote } from './TeamScopeNote';
