import type { TeamScope } from './team-scope';

/** A line under a screen's heading saying that it shows a team's records, not the user's own diary. */
export function TeamScopeNote({ scope, what }: { scope: TeamScope; what: string }) {
  if (scope.teamId === undefined) return null;
  return (
    <p className="team-scope-note">
      {scope.team === undefined ? 'The team’s' : `${scope.team.name}:`} {what}
    </p>
  );
}
