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
  type DeerValuesSaved,
} from '@cull-log/contracts';
import { eventEnvelope, type Decider } from './decider';

const T = MANAGEMENT_EVENT_TYPES;

/** A ground's saved deer-management values, as settings.deer_values_saved.v1 holds them. */
export type DeerValues = Omit<DeerValuesSaved['data'], 'ground_id'>;

/** The events of a user's settings stream: the season's start, and each ground's deer-management values. */
export type SettingsEvent = SettingsChanged | DeerValuesSaved;

/** A user's settings as their stream has them: the defaults until changed, no ground's values until saved. */
export interface SettingsState {
  version: number;
  seasonStart: SeasonStart;
  /** By ground id. */
  deerValues: Readonly<Record<string, DeerValues>>;
}

const initialSettingsState: SettingsState = {
  version: 0,
  seasonStart: DEFAULT_SEASON_START,
  deerValues: {},
};

export interface ChangeSettings {
  type: 'ChangeSettings';
  streamId: string;
  seasonStart?: SeasonStart;
  meta: CommandMeta;
}

/** A ground's deer-management values, replacing those saved for it before. */
export interface SaveDeerValues {
  type: 'SaveDeerValues';
  streamId: string;
  groundId: string;
  values: DeerValues;
  meta: CommandMeta;
}

export type SettingsCommand = ChangeSettings | SaveDeerValues;

/** A change to what the settings already are writes nothing. */
function decideSettings(command: SettingsCommand, state: SettingsState): SettingsEvent[] {
  if (command.type === 'SaveDeerValues') {
    const before = state.deerValues[command.groundId] ?? { species: [] };
    if (same(before, command.values)) return [];
    return [
      {
        ...eventEnvelope(command.meta, command.streamId, state.version),
        type: T.deerValuesSaved,
        data: { ground_id: command.groundId, ...command.values },
      },
    ];
  }
  if (command.seasonStart === undefined || command.seasonStart === state.seasonStart) return [];
  return [
    {
      ...eventEnvelope(command.meta, command.streamId, state.version),
      type: T.settingsChanged,
      data: { season_start: command.seasonStart },
    },
  ];
}

function evolveSettings(state: SettingsState, event: SettingsEvent): SettingsState {
  if (event.type === T.deerValuesSaved) {
    const { ground_id: groundId, ...values } = event.data;
    return { ...state, version: event.version, deerValues: { ...state.deerValues, [groundId]: values } };
  }
  return { ...state, version: event.version, seasonStart: event.data.season_start };
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

/** A user's settings stream: each change of the season's start or of a ground's values. Nothing is refused. */
export const settingsDecider: Decider<SettingsCommand, SettingsEvent, SettingsState> = {
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
