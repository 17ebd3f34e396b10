import fc from 'fast-check';
import {
  MANAGEMENT_EVENT_TYPES,
  PLAN_CLASSES,
  SEASON_STARTS,
  type SPECIES,
  type Plan,
  type SeasonStart,
} from '@cull-log/contracts';
import { COMMAND_USERS } from './command-log';

/** Grounds and outings few enough that random steps often meet the same one, and cross users. */
export const COMMAND_GROUND_IDS = Array.from(
  { length: 3 },
  (_, index) => `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
);
export const COMMAND_OUTING_IDS = Array.from(
  { length: 4 },
  (_, index) => `00000000-0000-4000-8000-0000000002${String(index).padStart(2, '0')}`,
);
/** The seasons plans are set for, around the dates the record arbitraries use. */
export const COMMAND_SEASONS = ['2024-25', '2025-26', '2026-27', '2027-28'] as const;

/** A ground or outing: the acting user's n-th own one (none: the step is refused), or any id at all. */
export type Ref = { own: number } | { id: string };

/**
 * One step of a random history about where records belong and what the year is planned to be: a ground made or
 * renamed, a record placed, an outing started, ended, moved or deleted, the season start changed, a season's plans
 * set. The records service's rules decide which are refused (someone else's ground, an outing with culls deleted).
 */
export type ManagementStep =
  | { kind: 'ground'; userId: string; groundId: string; name: string }
  | {
      kind: 'place';
      userId: string;
      cullId: string;
      /** Placed by the record's owner rather than `userId`, so that placements are not mostly refused. */
      asOwner: boolean;
      ground: Ref | null;
      outing: Ref | null;
    }
  | {
      kind: 'startOuting';
      userId: string;
      outingId: string;
      ground: Ref;
      startedAt: string;
      endedAt: string | null;
    }
  | { kind: 'endOuting'; userId: string; outing: Ref; hours: number }
  | { kind: 'moveOuting'; userId: string; outing: Ref; startedAt: string }
  | { kind: 'deleteOuting'; userId: string; outing: Ref }
  | { kind: 'settings'; userId: string; seasonStart: SeasonStart }
  | { kind: 'plans'; userId: string; season: string; plans: Plan[] };

/** An instant between 2024 and 2027, as a browser writes one. */
const instant = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const later = (start: string, hours: number) => new Date(Date.parse(start) + hours * 3_600_000).toISOString();

export function managementStep(
  cullIds: readonly string[],
  species: readonly (typeof SPECIES)[number][],
): fc.Arbitrary<ManagementStep> {
  const userId = fc.constantFrom(...COMMAND_USERS);
  const groundId = fc.constantFrom(...COMMAND_GROUND_IDS);
  const outingId = fc.constantFrom(...COMMAND_OUTING_IDS);
  const ref = (ids: fc.Arbitrary<string>): fc.Arbitrary<Ref> =>
    fc.oneof(
      { weight: 4, arbitrary: fc.nat({ max: 5 }).map((own) => ({ own })) },
      { weight: 1, arbitrary: ids.map((id) => ({ id })) },
    );
  const target = fc.record({
    species: fc.constantFrom(...species),
    class: fc.constantFrom(...PLAN_CLASSES),
    target: fc.integer({ min: 0, max: 5 }),
  });
  const plan = fc.record({
    ground_id: fc.option(groundId, { nil: null }),
    targets: fc.uniqueArray(target, { maxLength: 6, selector: (t) => `${t.species}|${t.class}` }),
  });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('ground' as const),
        userId,
        groundId,
        name: fc.constantFrom('North', 'Ŵyrfa'),
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('place' as const),
        userId,
        cullId: fc.constantFrom(...cullIds),
        asOwner: fc.boolean(),
        ground: fc.option(ref(groundId), { freq: 3, nil: null }),
        outing: fc.option(ref(outingId), { freq: 3, nil: null }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          userId,
          outingId,
          ground: ref(groundId),
          startedAt: instant,
          hours: fc.option(fc.integer({ min: 1, max: 30 })),
        })
        .map(({ hours, ...step }) => ({
          kind: 'startOuting' as const,
          ...step,
          endedAt: hours === null ? null : later(step.startedAt, hours / 4),
        })),
    },
    fc.record({
      kind: fc.constant('endOuting' as const),
      userId,
      outing: ref(outingId),
      hours: fc.integer({ min: 1, max: 40 }),
    }),
    fc.record({
      kind: fc.constant('moveOuting' as const),
      userId,
      outing: ref(outingId),
      startedAt: instant,
    }),
    fc.record({ kind: fc.constant('deleteOuting' as const), userId, outing: ref(outingId) }),
    fc.record({
      kind: fc.constant('settings' as const),
      userId,
      seasonStart: fc.constantFrom(...SEASON_STARTS),
    }),
    fc.record({
      kind: fc.constant('plans' as const),
      userId,
      season: fc.constantFrom(...COMMAND_SEASONS),
      plans: fc.uniqueArray(plan, { maxLength: 3, selector: (p) => p.ground_id }),
    }),
  );
}

/** A live outing as the log leaves it. */
export interface OutingState {
  ownerId: string;
  groundId: string;
  startedAt: string;
  endedAt: string | null;
  version: number;
}

/** What the management steps leave: each user's grounds, outings, season start and plans, and where records are. */
export interface ManagementState {
  grounds: Map<string, { ownerId: string; name: string; version: number }>;
  outings: Map<string, OutingState>;
  /** Outing ids deleted, whose streams cannot start again. */
  deletedOutings: Set<string>;
  placements: Map<string, { groundId: string | null; outingId: string | null }>;
  seasonStarts: Map<string, SeasonStart>;
  /** By user, then season key. */
  plans: Map<string, Map<string, Plan[]>>;
  /** Versions of the settings and plans streams. */
  versions: Map<string, number>;
}

export const emptyManagementState = (): ManagementState => ({
  grounds: new Map(),
  outings: new Map(),
  deletedOutings: new Set(),
  placements: new Map(),
  seasonStarts: new Map(),
  plans: new Map(),
  versions: new Map(),
});

/** An event of a management step, before its envelope's id, time and position. */
export interface ManagementEventDraft {
  streamId: string;
  version: number;
  userId: string;
  type: string;
  data: object;
}

const draft = (
  streamId: string,
  version: number,
  userId: string,
  type: string,
  data: object,
): ManagementEventDraft => ({ streamId, version, userId, type, data });

/**
 * Decides one management step as the records service would, given what the culls' states say: the events it writes
 * (none when refused), with `state` moved on. `cull` answers a record's owner and version when it is live.
 */
export function decideManagement(
  step: ManagementStep,
  state: ManagementState,
  cull: (cullId: string) => { ownerId: string; version: number } | undefined,
): ManagementEventDraft[] {
  const owns = (userId: string, kept: Map<string, { ownerId: string }>, id: string | null) =>
    id === null || kept.get(id)?.ownerId === userId;
  /** The id a reference names for this user; undefined when they have no n-th one. */
  const resolve = (reference: Ref, kept: Map<string, { ownerId: string }>, userId = step.userId) => {
    if ('id' in reference) return reference.id;
    const own = [...kept].filter(([, value]) => value.ownerId === userId).map(([id]) => id);
    return own.length === 0 ? undefined : own[reference.own % own.length];
  };
  const ownOuting = (reference: Ref) => {
    const outingId = resolve(reference, state.outings);
    const outing = outingId === undefined ? undefined : state.outings.get(outingId);
    return outingId === undefined || outing === undefined || outing.ownerId !== step.userId
      ? undefined
      : { outingId, outing };
  };
  const nextVersion = (streamId: string) => (state.versions.get(streamId) ?? 0) + 1;

  switch (step.kind) {
    case 'ground': {
      const ground = state.grounds.get(step.groundId);
      if (ground === undefined) {
        state.grounds.set(step.groundId, { ownerId: step.userId, name: step.name, version: 1 });
        return [
          draft(step.groundId, 1, step.userId, MANAGEMENT_EVENT_TYPES.groundCreated, { name: step.name }),
        ];
      }
      if (ground.ownerId !== step.userId || ground.name === step.name) return [];
      ground.version += 1;
      ground.name = step.name;
      return [
        draft(step.groundId, ground.version, step.userId, MANAGEMENT_EVENT_TYPES.groundRenamed, {
          name: step.name,
        }),
      ];
    }
    case 'place': {
      const record = cull(step.cullId);
      const userId = step.asOwner && record !== undefined ? record.ownerId : step.userId;
      if (record === undefined || record.ownerId !== userId) return [];
      const groundId = step.ground === null ? null : resolve(step.ground, state.grounds, userId);
      const outingId = step.outing === null ? null : resolve(step.outing, state.outings, userId);
      if (groundId === undefined || outingId === undefined) return [];
      if (!owns(userId, state.grounds, groundId) || !owns(userId, state.outings, outingId)) return [];
      state.placements.set(step.cullId, { groundId, outingId });
      return [
        draft(step.cullId, record.version + 1, userId, MANAGEMENT_EVENT_TYPES.cullPlaced, {
          ground_id: groundId,
          outing_id: outingId,
        }),
      ];
    }
    case 'startOuting': {
      if (state.outings.has(step.outingId) || state.deletedOutings.has(step.outingId)) return [];
      const groundId = resolve(step.ground, state.grounds);
      if (groundId === undefined || !owns(step.userId, state.grounds, groundId)) return [];
      state.outings.set(step.outingId, {
        ownerId: step.userId,
        groundId,
        startedAt: step.startedAt,
        endedAt: step.endedAt,
        version: 1,
      });
      return [
        draft(step.outingId, 1, step.userId, MANAGEMENT_EVENT_TYPES.outingStarted, {
          ground_id: groundId,
          started_at: step.startedAt,
          ...(step.endedAt !== null && { ended_at: step.endedAt }),
        }),
      ];
    }
    case 'endOuting': {
      const found = ownOuting(step.outing);
      if (found === undefined) return [];
      const { outingId, outing } = found;
      outing.endedAt = later(outing.startedAt, step.hours / 4);
      outing.version += 1;
      return [
        draft(outingId, outing.version, step.userId, MANAGEMENT_EVENT_TYPES.outingEnded, {
          ended_at: outing.endedAt,
        }),
      ];
    }
    case 'moveOuting': {
      const found = ownOuting(step.outing);
      if (found === undefined) return [];
      const { outingId, outing } = found;
      if (outing.endedAt !== null && Date.parse(outing.endedAt) <= Date.parse(step.startedAt)) return [];
      outing.startedAt = step.startedAt;
      outing.version += 1;
      return [
        draft(outingId, outing.version, step.userId, MANAGEMENT_EVENT_TYPES.outingAmended, {
          changes: { started_at: step.startedAt },
        }),
      ];
    }
    case 'deleteOuting': {
      const found = ownOuting(step.outing);
      if (found === undefined) return [];
      const { outingId, outing } = found;
      const placed = [...state.placements].some(
        ([cullId, placement]) => placement.outingId === outingId && cull(cullId) !== undefined,
      );
      if (placed) return [];
      state.outings.delete(outingId);
      state.deletedOutings.add(outingId);
      return [draft(outingId, outing.version + 1, step.userId, MANAGEMENT_EVENT_TYPES.outingDeleted, {})];
    }
    case 'settings': {
      const streamId = `settings-${step.userId}`;
      const version = nextVersion(streamId);
      state.versions.set(streamId, version);
      state.seasonStarts.set(step.userId, step.seasonStart);
      return [
        draft(streamId, version, step.userId, MANAGEMENT_EVENT_TYPES.settingsChanged, {
          season_start: step.seasonStart,
        }),
      ];
    }
    case 'plans': {
      if (!step.plans.every((plan) => owns(step.userId, state.grounds, plan.ground_id))) return [];
      const streamId = `plans-${step.userId}-${step.season}`;
      const version = nextVersion(streamId);
      state.versions.set(streamId, version);
      const seasons = state.plans.get(step.userId) ?? new Map<string, Plan[]>();
      seasons.set(step.season, step.plans);
      state.plans.set(step.userId, seasons);
      return [
        draft(streamId, version, step.userId, MANAGEMENT_EVENT_TYPES.plansSet, {
          season: step.season,
          plans: step.plans,
        }),
      ];
    }
  }
}
