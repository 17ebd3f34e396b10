import { DEFAULT_SEASON_START, type SeasonStart } from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsQuery } from './api';
import { currentSeason, recentSeasons, seasonLabel } from './seasons';

/**
 * The user's seasons (by their season start setting) and the one a screen has chosen: the current one until the
 * user picks another. Keys are `2026-27`; the options are labelled `2026/27`.
 */
export function useSeasons() {
  const settings = useQuery(settingsQuery());
  const start: SeasonStart = settings.data?.season_start ?? DEFAULT_SEASON_START;
  const now = new Date();
  const current = currentSeason(now, start).key;
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const keys = recentSeasons(now, start).map(({ key }) => key);
  const season = chosen ?? current;
  if (!keys.includes(season)) keys.push(season);
  return {
    start,
    current,
    season,
    setSeason: setChosen,
    options: keys.map((key) => ({ id: key, label: seasonLabel(key) })),
  };
}
