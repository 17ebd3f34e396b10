import {
  DEFAULT_SEASON_START,
  MANAGEMENT_EVENT_TYPES,
  type CommandMeta,
  TEAM_EVENT_TYPES,
  type Plan,
  type PlansAllocated,
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

/** A team plan's share for one member, by member id: as plans.allocated.v1 holds it. */
export type MemberAllocation = PlansAllocated['data']['allocations'][number];

/** The events of a plans stream: the plans set, and (a team's only) their allocations to members. */
export type PlansEvent = PlansSet | PlansAllocated;

/** A user's (or a team's) plans of one season as their stream has them: none until set. */
export interface PlansState {
  version: number;
  plans: Plan[];
  /** A team's plans only: each member's share. */
  allocations: MemberAllocation[];
  updatedAt: string | null;
}

const initialPlansState: PlansState = { version: 0, plans: [], allocations: [], updatedAt: null };

export interface SetPlans {
  type: 'SetPlans';
  streamId: string;
  season: SeasonKey;
  plans: Plan[];
  /** A team's plans only (checked by the caller): the members' shares, replacing those before. */
  allocations?: MemberAllocation[];
  meta: CommandMeta;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The season's plans replaced whole, and a team's allocations with them, in one append; what is the same again
 * writes nothing.
 */
function decidePlans(command: SetPlans, state: PlansState): PlansEvent[] {
  const events: PlansEvent[] = [];
  if (state.version === 0 || !same(state.plans, command.plans)) {
    events.push({
      ...eventEnvelope(command.meta, command.streamId, state.version, events.length),
      type: T.plansSet,
      data: { season: command.season, plans: command.plans },
    });
  }
  if (command.allocations !== undefined && !same(state.allocations, command.allocations)) {
    events.push({
      ...eventEnvelope(command.meta, command.streamId, state.version, events.length),
      type: TEAM_EVENT_TYPES.plansAllocated,
      data: { season: command.season, allocations: command.allocations },
    });
  }
  return events;
}

function evolvePlans(state: PlansState, event: PlansEvent): PlansState {
  if (event.type === TEAM_EVENT_TYPES.plansAllocated) {
    return {
      ...state,
      version: event.version,
      allocations: event.data.allocations,
      updatedAt: event.occurredAt,
    };
  }
  return { ...state, version: event.version, plans: event.data.plans, updatedAt: event.occurredAt };
}

/** A user's settings stream: each change of the season's start. Nothing is refused. */
export const settingsDecider: Decider<ChangeSettings, SettingsChanged, SettingsState> = {
  decide: (command, state) => ({ ok: true, events: decideSettings(command, state) }),
  evolve: evolveSettings,
  initialState: initialSettingsState,
};

/** A user's (or a team's) plans of one season: each time they are set. Nothing is refused. */
export const plansDecider: Decider<SetPlans, PlansEvent, PlansState> = {
  decide: (command, state) => ({ ok: true, events: decidePlans(command, state) }),
  evolve: evolvePlans,
  initialState: initialPlansState,
};
