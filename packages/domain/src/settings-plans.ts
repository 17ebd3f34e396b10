import {
  DEFAULT_SEASON_START,
  MANAGEMENT_EVENT_TYPES,
  seasonLabelOf,
  type CommandMeta,
  type Plan,
  type PlansSet,
  type SeasonKey,
  type SeasonStart,
  type SettingsChanged,
} from '@cull-log/contracts';

const T = MANAGEMENT_EVENT_TYPES;

/** A user's settings as their stream has them: the defaults until changed. */
export interface SettingsState {
  version: number;
  seasonStart: SeasonStart;
}

export const initialSettingsState: SettingsState = { version: 0, seasonStart: DEFAULT_SEASON_START };

export interface ChangeSettings {
  type: 'ChangeSettings';
  streamId: string;
  seasonStart?: SeasonStart;
  meta: CommandMeta;
}

function envelopeOf(streamId: string, version: number, meta: CommandMeta) {
  return {
    id: meta.eventId,
    streamId,
    version: version + 1,
    userId: meta.userId,
    occurredAt: meta.occurredAt,
    meta: { correlationId: meta.correlationId },
  };
}

/** A change to what the settings already are writes nothing. */
export function decideSettings(command: ChangeSettings, state: SettingsState): SettingsChanged[] {
  if (command.seasonStart === undefined || command.seasonStart === state.seasonStart) return [];
  return [
    {
      ...envelopeOf(command.streamId, state.version, command.meta),
      type: T.settingsChanged,
      data: { season_start: command.seasonStart },
    },
  ];
}

export function evolveSettings(_state: SettingsState, event: SettingsChanged): SettingsState {
  return { version: event.version, seasonStart: event.data.season_start };
}

/** A user's plans of one season as their stream has them: none until set. */
export interface PlansState {
  version: number;
  plans: Plan[];
  updatedAt: string | null;
}

export const initialPlansState: PlansState = { version: 0, plans: [], updatedAt: null };

export interface SetPlans {
  type: 'SetPlans';
  streamId: string;
  season: SeasonKey;
  plans: Plan[];
  meta: CommandMeta;
}

/** The season's plans replaced whole; the same plans again write nothing. */
export function decidePlans(command: SetPlans, state: PlansState): PlansSet[] {
  if (state.version > 0 && JSON.stringify(state.plans) === JSON.stringify(command.plans)) return [];
  return [
    {
      ...envelopeOf(command.streamId, state.version, command.meta),
      type: T.plansSet,
      data: { season: command.season, plans: command.plans },
    },
  ];
}

export function evolvePlans(_state: PlansState, event: PlansSet): PlansState {
  return { version: event.version, plans: event.data.plans, updatedAt: event.occurredAt };
}

/** A season by its key, as the user's season start makes it: its label and its first and last days. */
export interface SeasonDates {
  key: SeasonKey;
  label: string;
  from: string;
  to: string;
}

/** `2026-27` with a start of `04-01`: 2026/27, from 2026-04-01 to 2027-03-31. */
export function seasonDates(key: SeasonKey, seasonStart: SeasonStart): SeasonDates {
  const firstYear = Number(key.slice(0, 4));
  const [month, day] = seasonStart.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(firstYear + 1, month - 1, day - 1));
  return {
    key,
    label: seasonLabelOf(key),
    from: `${firstYear}-${seasonStart}`,
    to: lastDay.toISOString().slice(0, 10),
  };
}

/** The key of the season a date (YYYY-MM-DD) falls in, by the user's season start. */
export function seasonKeyOfDate(date: string, seasonStart: SeasonStart): SeasonKey {
  const year = Number(date.slice(0, 4));
  const firstYear = date.slice(5) >= seasonStart ? year : year - 1;
  return `${firstYear}-${String((firstYear + 1) % 100).padStart(2, '0')}`;
}
