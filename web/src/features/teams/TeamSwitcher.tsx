import { useQuery } from '@tanstack/react-query';
import { Select } from '../../ui/Select';
import { teamsQuery } from './api';
import { chooseTeam, useTeamScope } from './team-scope';

const OWN_DIARY = 'own';

/**
 * The header's choice of whose records every screen shows: "My diary" or one of the user's teams. Shown only to a
 * user in a team; a phone gets the browser's own compact picker.
 */
export default function TeamSwitcher() {
  const scope = useTeamScope();
  const teams = useQuery(teamsQuery());
  if (scope.uid === undefined || teams.data === undefined || teams.data.length === 0) return null;
  const uid = scope.uid;
  return (
    <Select
      label="Whose records to show"
      hideLabel
      className="team-switcher"
      name="team_scope"
      options={[
        { id: OWN_DIARY, label: 'My diary' },
        ...teams.data.map((team) => ({ id: team.id, label: team.name })),
      ]}
      value={scope.teamId ?? OWN_DIARY}
      onChange={(id) => chooseTeam(uid, id === OWN_DIARY ? undefined : id)}
    />
  );
}
