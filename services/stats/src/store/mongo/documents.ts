import type { Db, Document } from 'mongodb';
import { groundsAndSettingsCollections } from '@cull-log/projection';
import type { CounterName } from '../stats-counters';
import type { CullFacts, OutingFacts } from '../stats-store';

export interface CullDocument extends CullFacts {
  _id: string;
}
export interface OutingDocument extends OutingFacts {
  _id: string;
}

/** Each counter's collection and the fields that key it (a unique index). */
export const COUNTERS = {
  totals: { collection: 'stats_totals', key: ['userId'] },
  species: { collection: 'stats_species', key: ['userId', 'species'] },
  months: { collection: 'stats_months', key: ['userId', 'month'] },
  classes: {
    collection: 'stats_class_months',
    key: ['userId', 'month', 'groundId', 'species', 'sex', 'young'],
  },
  destinations: { collection: 'stats_destination_months', key: ['userId', 'month', 'destination'] },
  warnings: { collection: 'stats_warning_months', key: ['userId', 'month', 'code'] },
  outings: { collection: 'stats_outing_months', key: ['userId', 'month'] },
} as const satisfies Record<CounterName, { collection: string; key: readonly string[] }>;

export interface TotalsDocument {
  userId: string;
  total: number;
  weighed: number;
  weightGrams: number;
}
export interface CountDocument {
  userId: string;
  species: string;
  sex: string;
  month: string;
  count: number;
}
export interface ClassDocument extends CountDocument {
  groundId: string;
  young: number;
  weighed: number;
  weightGrams: number;
}
export interface DestinationDocument {
  userId: string;
  month: string;
  destination: string;
  count: number;
}
export interface WarningDocument {
  userId: string;
  month: string;
  code: string;
  count: number;
}
export interface OutingMonthDocument {
  userId: string;
  month: string;
  outings: number;
  blank: number;
  durationMs: number;
  deer: number;
}
export interface PlansDocument {
  _id: string;
  userId: string;
  season: string;
  plans: unknown;
}

/** A person's link to a team (`_id` their user id and the team's id): theirs, erased with them. */
export interface MemberLinkDocument {
  _id: string;
  userId: string;
  teamId: string;
  memberId: string;
  name: string;
}
/** A team's name (`_id` and `userId` its owner id). */
export interface TeamNameDocument {
  _id: string;
  userId: string;
  name: string;
}
/** A team plan's shares of a season, by member id (`userId` the team's owner id). */
export interface AllocationsDocument {
  _id: string;
  userId: string;
  season: string;
  allocations: unknown;
}

/** The key of a person's link to a team. */
export const memberLinkId = (userId: string, teamId: string) => `${userId}\u0000${teamId}`;

/** The stats projection's collections, each typed by the documents it holds. */
export function statsCollections(db: Db) {
  const counter = <T extends Document>(name: CounterName) => db.collection<T>(COUNTERS[name].collection);
  return {
    culls: db.collection<CullDocument>('stats_culls'),
    outings: db.collection<OutingDocument>('stats_outings'),
    plans: db.collection<PlansDocument>('stats_plans'),
    memberLinks: db.collection<MemberLinkDocument>('stats_member_links'),
    teamNames: db.collection<TeamNameDocument>('stats_team_names'),
    allocations: db.collection<AllocationsDocument>('stats_allocations'),
    ...groundsAndSettingsCollections(db, 'stats'),
    totals: counter<TotalsDocument>('totals'),
    speciesCounts: counter<CountDocument>('species'),
    monthCounts: counter<CountDocument>('months'),
    classes: counter<ClassDocument>('classes'),
    destinations: counter<DestinationDocument>('destinations'),
    warnings: counter<WarningDocument>('warnings'),
    outingMonths: counter<OutingMonthDocument>('outings'),
  };
}
export type StatsCollections = ReturnType<typeof statsCollections>;

/** The key of a user's plans of a season. */
export const plansId = (userId: string, season: string) => `${userId}\u0000${season}`;

/**
 * A kept cull's facts; one kept before grounds and plans has no age, destination, ground or outing, one kept before
 * the warnings were counted no warning inputs.
 */
export function cullWithoutId({ _id: _ignored, ...facts }: CullDocument): CullFacts {
  return {
    ...facts,
    ageEstimate: facts.ageEstimate ?? '',
    destination: facts.destination ?? null,
    groundId: facts.groundId ?? null,
    outingId: facts.outingId ?? null,
    teamId: facts.teamId ?? null,
    memberId: facts.memberId ?? null,
    warningFacts: facts.warningFacts ?? null,
  };
}
