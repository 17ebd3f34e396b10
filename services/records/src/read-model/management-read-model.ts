import type { Ground, Outing, Plan, SeasonStart } from '@cull-log/contracts';
import type { DeerValues, MemberAllocation } from '@cull-log/domain';
import type { StoredCount } from '../counts/stored-count';
import type { TeamsReadModel } from '../teams/teams-read-model';

/** A season's plans as kept: none until set. */
export interface StoredPlans {
  plans: Plan[];
  /** A team's plans only: each member's share, by member id (none until allocated). */
  allocations: MemberAllocation[];
  updated_at: string;
}

/**
 * The user's grounds, outings, settings and plans, and the teams, kept in step with the log in the append's
 * transaction like the records (see CullReadModel). Every read of a user's things takes the user: another user's
 * things are never found.
 */
export interface ManagementReadModel extends TeamsReadModel {
  /** Every ground of the user, archived ones included, by name. */
  listGrounds(userId: string): Promise<Ground[]>;
  getGround(userId: string, id: string): Promise<Ground | undefined>;
  /** Who owns a ground (a user, or a team's owner id); undefined when there is none. */
  groundOwner(id: string): Promise<string | undefined>;
  /** The user's ground with this name (trimmed, any case), if any. */
  groundNamed(userId: string, name: string): Promise<Ground | undefined>;
  /** The user's outings, newest started first, with their numbers of culls. */
  listOutings(userId: string): Promise<Outing[]>;
  /**
   * The outings on a ground of any of these users (a team's members on a team's ground), newest started first, with
   * their numbers of culls: one read, however many users.
   */
  groundOutings(userIds: readonly string[], groundId: string): Promise<Outing[]>;
  getOuting(userId: string, id: string): Promise<Outing | undefined>;
  /** The user's outing under way (no end), if any. */
  openOuting(userId: string): Promise<Outing | undefined>;
  /** The user's season start; undefined until they set one. */
  seasonStart(userId: string): Promise<SeasonStart | undefined>;
  plans(userId: string, season: string): Promise<StoredPlans | undefined>;
  /** The user's deer-management values saved for a ground; undefined until saved. */
  deerValues(userId: string, groundId: string): Promise<DeerValues | undefined>;
  /** The user's counts (on one ground), newest day first. */
  listCounts(userId: string, groundId?: string): Promise<StoredCount[]>;
  getCount(userId: string, id: string): Promise<StoredCount | undefined>;
  /** Every count on these grounds, whoever counted (a team's grounds: its members'), newest day first. */
  listGroundCounts(groundIds: readonly string[]): Promise<StoredCount[]>;
}
