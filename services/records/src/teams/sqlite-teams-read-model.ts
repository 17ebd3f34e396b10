import type Database from 'better-sqlite3';
import {
  TEAM_EVENT_TYPES,
  type MemberLinked,
  type StoredLogEvent,
  type TeamEvent,
} from '@cull-log/contracts';
import { teamDecider } from '@cull-log/domain';
import type { SqliteMigration } from '@cull-log/storage-kit';
import { preparedPerDatabase } from '../read-model/prepared-per-database';
import { isNext } from '../read-model/stream-state';
import { teamsOfLinks, type LiveTeam, type TeamsReadModel } from './teams-read-model';

type SqliteDatabase = Database.Database;

/** The teams' tables in the records database, step by step; a change is a new step at the end. */
export const SQLITE_TEAM_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    does: 'teams as their streams have them, invitations by id, and the links from member ids to users',
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS teams (id TEXT PRIMARY KEY, state TEXT NOT NULL, version INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS team_invites (invite_id TEXT PRIMARY KEY, team_id TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS team_member_links (
          member_id TEXT PRIMARY KEY,
          team_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          name TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS team_member_links_by_user ON team_member_links (user_id, team_id);
        CREATE INDEX IF NOT EXISTS team_member_links_by_team ON team_member_links (team_id);
      `),
  },
];

/** The table holding a user's own rows: erasure deletes them, and the teams' histories then name nobody. */
export const TEAM_USER_TABLES = ['team_member_links'] as const;

const statementsOf = preparedPerDatabase((db) => ({
  selectTeam: db.prepare<[string], { state: string; version: number }>(
    'SELECT state, version FROM teams WHERE id = ?',
  ),
  upsertTeam: db.prepare<[string, string, number]>(
    `INSERT INTO teams (id, state, version) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET state = excluded.state, version = excluded.version`,
  ),
  insertInvite: db.prepare<[string, string]>(
    'INSERT OR IGNORE INTO team_invites (invite_id, team_id) VALUES (?, ?)',
  ),
  insertLink: db.prepare<[string, string, string, string]>(
    'INSERT OR IGNORE INTO team_member_links (member_id, team_id, user_id, name) VALUES (?, ?, ?, ?)',
  ),
}));

/** Applies a team's event through `db`, passing over a version already applied. */
export function applyTeamToSqlite(db: SqliteDatabase, event: StoredLogEvent & TeamEvent): void {
  const statements = statementsOf(db);
  const row = statements.selectTeam.get(event.streamId);
  if (!isNext(event.streamId, row?.version ?? 0, event.version)) return;
  const state = row === undefined ? teamDecider.initialState : (JSON.parse(row.state) as LiveTeam);
  statements.upsertTeam.run(event.streamId, JSON.stringify(teamDecider.evolve(state, event)), event.version);
  if (event.type === TEAM_EVENT_TYPES.inviteCreated)
    statements.insertInvite.run(event.data.invite_id, event.streamId);
}

/** Applies a user's link to a team through `db`; a link is made once and never changes. */
export function applyMemberLinkToSqlite(db: SqliteDatabase, event: StoredLogEvent & MemberLinked): void {
  const { member_id, team_id, name } = event.data;
  statementsOf(db).insertLink.run(member_id, team_id, event.userId, name);
}

/** The queries of teams and their members on the records database. */
export function openSqliteTeamsReadModel(db: SqliteDatabase): TeamsReadModel {
  const teamState = db.prepare<[string], string>('SELECT state FROM teams WHERE id = ?').pluck();
  const linkedTeams = db.prepare<[string], { id: string; state: string; member_id: string }>(
    `SELECT teams.id, teams.state, links.member_id FROM team_member_links AS links
     JOIN teams ON teams.id = links.team_id WHERE links.user_id = ?`,
  );
  const link = db
    .prepare<[string, string], string>(
      'SELECT member_id FROM team_member_links WHERE user_id = ? AND team_id = ?',
    )
    .pluck();
  const userLinks = db.prepare<[string], { team_id: string; member_id: string }>(
    'SELECT team_id, member_id FROM team_member_links WHERE user_id = ? ORDER BY team_id, member_id',
  );
  const links = db.prepare<[string], { member_id: string; user_id: string; name: string }>(
    'SELECT member_id, user_id, name FROM team_member_links WHERE team_id = ?',
  );
  const inviteTeam = db
    .prepare<[string], string>('SELECT team_id FROM team_invites WHERE invite_id = ?')
    .pluck();
  const teamIdsAfter = db
    .prepare<[string, number], string>('SELECT id FROM teams WHERE id > ? ORDER BY id LIMIT ?')
    .pluck();
  const live = (state: string | undefined) => {
    const team = state === undefined ? undefined : (JSON.parse(state) as LiveTeam);
    return team?.status === 'active' ? team : undefined;
  };
  return {
    async teamsOf(userId) {
      return teamsOfLinks(
        linkedTeams.all(userId).flatMap((row) => {
          const team = live(row.state);
          return team === undefined ? [] : [{ id: row.id, memberId: row.member_id, team }];
        }),
      );
    },
    async team(teamId) {
      return live(teamState.get(teamId));
    },
    async memberLinkOf(userId, teamId) {
      return link.get(userId, teamId);
    },
    async linksOf(userId) {
      return userLinks.all(userId).map((row) => ({ teamId: row.team_id, memberId: row.member_id }));
    },
    async memberLinks(teamId) {
      return links
        .all(teamId)
        .map((row) => ({ memberId: row.member_id, userId: row.user_id, name: row.name }));
    },
    async teamOfInvite(inviteId) {
      return inviteTeam.get(inviteId);
    },
    async teamIds(afterId, limit) {
      return teamIdsAfter.all(afterId ?? '', limit);
    },
  };
}
