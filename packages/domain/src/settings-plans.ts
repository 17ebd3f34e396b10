import {
  DEFAULT_SEASON_START,
  MANAGEMENT_EVENT_TYPES,
  type CommandMeta,
  type Plan,
  type PlansSet,
  type SeasonKey,
  type SeasonStart,
  type SettingsChanged,
} from '@cull-log/contracts';
import { eventEnvelope, type Decider } from './decider';

const T = MANAGEMENT_EVENT_TYPES;

/** A user's settings as their stream has them: the defaults until changed. */
export interface SettingsState {
  version: number;
  seasonStart: SeasonStart;
}

const initialSettingsState: SettingsState = { version: 0, seasonStart: DEFAULT_SEASON_START };

export interface ChangeSettings {
  type: 'ChangeSettings';
  streamId: string;
  seasonStart?: SeasonStart;
  meta: CommandMeta;
}

/** A change to what the settings already are writes nothing. */
function decideSettings(command: ChangeSettings, state: SettingsState): SettingsChanged[] {
  if (command.seasonStart === undefined || command.seasonStart === state.seasonStart) return [];
  return [
    {
      ...eventEnvelope(command.meta, command.streamId, state.version),
      type: T.settingsChanged,
      data: { season_start: command.seasonStart },
    },
  ];
}

function evolveSettings(_state: SettingsState, event: SettingsChanged): SettingsState {
  return { version: event.version, seasonStart: event.data.season_start };
}

/** A user's plans of one season as their stream has them: none until set. */
export interface PlansState {
  version: number;
  plans: Plan[];
  updatedAt: string | null;
}

const initialPlansState: PlansState = { version: 0, plans: [], updatedAt: null };

export interface SetPlans {
  type: 'SetPlans';
  streamId: string;
  season: SeasonKey;
  plans: Plan[];
  meta: CommandMeta;
}

/** The season's plans replaced whole; the same plans again write nothing. */
function decidePlans(command: SetPlans, state: PlansState): PlansSet[] {
  if (state.version > 0 && JSON.stringify(state.plans) === JSON.stringify(command.plans)) return [];
  return [
    {
      ...eventEnvelope(command.meta, command.streamId, state.version),
      type: T.plansSet,
      data: { season: command.season, plans: command.plans },
    },
  ];
}

function evolvePlans(_state: PlansState, event: PlansSet): PlansState {
  return { version: event.version, plans: event.data.plans, updatedAt: event.occurredAt };
}

/** A user's settings stream: each change of the season's start. Nothing is refused. */
export const settingsDecider: Decider<ChangeSettings, SettingsChanged, SettingsState> = {
  decide: (command, state) => ({ ok: true, events: decideSettings(command, state) }),
  evolve: evolveSettings,
  initialState: initialSettingsState,
};

/** A user's plans of one season: each time they are set. Nothing is refused. */
export const plansDecider: Decider<SetPlans, PlansSet, PlansState> = {
  decide: (command, state) => ({ ok: true, events: decidePlans(command, state) }),
  evolve: evolvePlans,
  initialState: initialPlansState,
};
