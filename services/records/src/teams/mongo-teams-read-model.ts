import type { ClientSession, Db } from 'mongodb';
import {
  TEAM_EVENT_TYPES,
  type MemberLinked,
  type StoredLogEvent,
  type TeamEvent,
} from '@cull-log/contracts';
import { teamDecider } from '@cull-log/domain';
import type { MongoMigration } from '@cull-log/storage-kit';
import { isNext } from '../read-model/stream-state';
import { teamsOfLinks, type LiveTeam, type TeamsReadModel } from './teams-read-model';

export const TEAMS_COLLECTION = 'teams';
export const TEAM_INVITES_COLLECTION = 'team_invites';
/** A user's own documents: erasure deletes them by `user_id`, and the teams' histories then name nobody. */
export const TEAM_MEMBER_LINKS_COLLECTION = 'team_member_links';

interface TeamDocument {
  _id: string;
  state: LiveTeam;
  version: number;
}
interface InviteDocument {
  _id: string;
  team_id: string;
}
interface LinkDocument {
  _id: string;
  team_id: string;
  user_id: string;
  name: string;
}

/** The teams' indexes, step by step; each step is safe to run twice. */
export const MONGO_TEAM_MIGRATIONS: readonly MongoMigration[] = [
  {
    version: 1,
    does: "a user's links by team, and a team's links",
    async up(db) {
      const links = db.collection(TEAM_MEMBER_LINKS_COLLECTION);
      await links.createIndex({ user_id: 1, team_id: 1 }, { name: 'by_user_team' });
      await links.createIndex({ team_id: 1 }, { name: 'by_team' });
    },
  },
];

/** Applies a team's event in the append's transaction, passing over a version already applied. */
export async function applyTeamToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & TeamEvent,
): Promise<void> {
  const teams = db.collection<TeamDocument>(TEAMS_COLLECTION);
  const held = await teams.findOne({ _id: event.streamId }, { session });
  if (!isNext(event.streamId, held?.version ?? 0, event.version)) return;
  const state = teamDecider.evolve(held?.state ?? teamDecider.initialState, event) as LiveTeam;
  await teams.replaceOne(
    { _id: event.streamId },
    { state, version: event.version },
    { session, upsert: true },
  );
  if (event.type === TEAM_EVENT_TYPES.inviteCreated) {
    await db
      .collection<InviteDocument>(TEAM_INVITES_COLLECTION)
      .updateOne(
        { _id: event.data.invite_id },
        { $setOnInsert: { team_id: event.streamId } },
        { session, upsert: true },
      );
  }
}

/** Applies a user's link to a team in the append's transaction; a link is made once and never changes. */
export async function applyMemberLinkToMongo(
  db: Db,
  session: ClientSession,
  event: StoredLogEvent & MemberLinked,
): Promise<void> {
  const { member_id, team_id, name } = event.data;
  await db
    .collection<LinkDocument>(TEAM_MEMBER_LINKS_COLLECTION)
    .updateOne(
      { _id: member_id },
      { $setOnInsert: { team_id, user_id: event.userId, name } },
      { session, upsert: true },
    );
}

/** The queries of teams and their members on the records database. */
export function openMongoTeamsReadModel(db: Db): TeamsReadModel {
  const teams = db.collection<TeamDocument>(TEAMS_COLLECTION);
  const links = db.collection<LinkDocument>(TEAM_MEMBER_LINKS_COLLECTION);
  const live = (document: TeamDocument | null) =>
    document?.state.status === 'active' ? document.state : undefined;
  return {
    async teamsOf(userId) {
      const linked = await links.find({ user_id: userId }).toArray();
      const held = await teams.find({ _id: { $in: linked.map((link) => link.team_id) } }).toArray();
      const byId = new Map(held.map((document) => [document._id, live(document)]));
      return teamsOfLinks(
        linked.flatMap((link) => {
          const team = byId.get(link.team_id);
          return team === undefined ? [] : [{ id: link.team_id, memberId: link._id, team }];
        }),
      );
    },
    async team(teamId) {
      return live(await teams.findOne({ _id: teamId }));
    },
    async memberLinkOf(userId, teamId) {
      return (await links.findOne({ user_id: userId, team_id: teamId }))?._id;
    },
    async linksOf(userId) {
      const found = await links.find({ user_id: userId }).sort({ team_id: 1, _id: 1 }).toArray();
      return found.map((link) => ({ teamId: link.team_id, memberId: link._id }));
    },
    async memberLinks(teamId) {
      const found = await links.find({ team_id: teamId }).toArray();
      return found.map((link) => ({ memberId: link._id, userId: link.user_id, name: link.name }));
    },
    async teamOfInvite(inviteId) {
      return (await db.collection<InviteDocument>(TEAM_INVITES_COLLECTION).findOne({ _id: inviteId }))
        ?.team_id;
    },
    async teamIds(afterId, limit) {
      const found = await db
        .collection<TeamDocument>(TEAMS_COLLECTION)
        .find(afterId === null ? {} : { _id: { $gt: afterId } }, { projection: { _id: 1 } })
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      return found.map((team) => team._id);
    },
  };
}
