import type { Ground } from '@cull-log/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { teamGroundsQuery, teamsQuery } from './api';

/** A team's ground, with the team's name to tell it from the user's own. */
export interface TeamGround extends Ground {
  teamName: string;
}

const NONE: readonly Ground[] = [];

/** Each team's grounds as read so far; one function for every render, so the answer changes only with them. */
const groundsRead = (results: readonly { data?: Ground[] | undefined }[]) =>
  results.map((result) => result.data ?? NONE);

/**
 * The grounds of every team the user may record on (a viewer records nothing), each with its team's name; empty
 * while they are read, and the same array until one of them changes. The server decides at Save whether a guest's
 * permit covers the record's date.
 */
export function useTeamGroundsToRecordOn(): readonly TeamGround[] {
  const teams = useQuery(teamsQuery());
  const recordable = useMemo(() => (teams.data ?? []).filter((team) => team.role !== 'viewer'), [teams.data]);
  const groundsOfTeams = useQueries({
    queries: recordable.map((team) => teamGroundsQuery(team.id)),
    combine: groundsRead,
  });
  return useMemo(
    () =>
      recordable.flatMap((team, index) =>
        (groundsOfTeams[index] ?? NONE).map((ground) => ({ ...ground, teamName: team.name })),
      ),
    [recordable, groundsOfTeams],
  );
}
