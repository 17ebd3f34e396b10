import type { Db } from 'mongodb';
import { teamOwnerId } from '@cull-log/contracts';
import type { LarderFields } from '@cull-log/domain';
import { groundsAndSettingsCollections } from '@cull-log/projection';
import type { ExportRow } from '../export-store';

export interface RowDocument extends Omit<ExportRow, 'groundId' | 'outingId'> {
  _id: string;
  date: string;
  species: string;
  /** Absent in a row written before grounds. */
  groundId?: string | null;
  /** Absent in a row written before the CSV's Outing column (a rebuild fills it in). */
  outingId?: string | null;
}

/** When a user's outing started (ISO), which the CSV names it by. */
export interface OutingDocument {
  _id: string;
  userId: string;
  startedAt: string;
}

export interface LarderDocument {
  _id: string;
  userId: string;
  date: string;
  time: string;
  destination: string | null;
  fields: LarderFields;
  /** The record's ground (absent in a document written before teams; schema step 2 fills it in). */
  groundId?: string | null;
}

/** The carcasses killed on a ground in a month, which a team's seasons sum. */
export interface GroundMonthDocument {
  _id: string;
  groundId: string;
  month: string;
  carcasses: number;
}

/** A user is this member of this team under this name (member.linked), until they erase their account. */
export interface MemberLinkDocument {
  _id: string;
  teamId: string;
  userId: string;
  memberId: string;
  name: string;
}

/** A member id in a team now, owned by the team's owner id (`team-<id>`): it names no person. */
export interface TeamMemberDocument {
  _id: string;
  userId: string;
  teamId: string;
  memberId: string;
}

export interface MonthDocument {
  _id: string;
  userId: string;
  month: string;
  carcasses: number;
}

export interface DeclarationDocument {
  _id: string;
  userId: string;
  number: number;
  key: string;
  recordIds: string[];
  dealer: string;
  issuedAt: string;
}

/** The export projection's collections, each typed by the documents it holds. */
export function exportCollections(db: Db) {
  return {
    rows: db.collection<RowDocument>('exports_culls'),
    larder: db.collection<LarderDocument>('exports_larder'),
    months: db.collection<MonthDocument>('exports_larder_months'),
    groundMonths: db.collection<GroundMonthDocument>('exports_larder_ground_months'),
    memberLinks: db.collection<MemberLinkDocument>('exports_member_links'),
    teamMembers: db.collection<TeamMemberDocument>('exports_team_members'),
    outings: db.collection<OutingDocument>('exports_outings'),
    ...groundsAndSettingsCollections(db, 'exports'),
    declarations: db.collection<DeclarationDocument>('exports_declarations'),
  };
}
export type ExportCollections = ReturnType<typeof exportCollections>;

export const monthId = (userId: string, month: string) => `${userId}\u0000${month}`;
export const groundMonthId = (groundId: string, month: string) => `${groundId}\u0000${month}`;
export const memberLinkId = (teamId: string, userId: string) => `${teamId}\u0000${userId}`;
export const teamMemberId = (teamId: string, memberId: string) => `${teamId}\u0000${memberId}`;

/** A member id in a team now, as stored under the team's owner id. */
export function teamMemberDocument(teamId: string, memberId: string): TeamMemberDocument {
  return { _id: teamMemberId(teamId, memberId), userId: teamOwnerId(teamId), teamId, memberId };
}

export function larderDocument(
  streamId: string,
  userId: string,
  fields: LarderFields,
  groundId?: string | null,
): LarderDocument {
  return {
    _id: streamId,
    userId,
    date: fields.date,
    time: fields.time,
    destination: fields.carcass_destination ?? null,
    fields,
    ...(groundId !== undefined && { groundId }),
  };
}

/** A live cull's export row as stored: its date and species beside its fields, for the export's filters. */
export function rowDocument(row: ExportRow): Omit<RowDocument, '_id'> {
  return {
    userId: row.userId,
    createdAt: row.createdAt,
    date: row.fields.date,
    species: row.fields.species,
    fields: row.fields,
    groundId: row.groundId,
    outingId: row.outingId,
  };
}
