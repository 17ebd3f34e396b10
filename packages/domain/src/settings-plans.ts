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
