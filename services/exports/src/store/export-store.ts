import type { AccountDeclaration, CulledBy, CullFields, ExportQuery, SeasonStart } from '@cull-log/contracts';
import type { CSV_COLUMNS } from '@cull-log/domain';
import type { LarderFields } from '@cull-log/domain';
import type { ProjectionStore } from '@cull-log/projection';

/** The fields the CSV columns are made of. */
export type CsvFields = Pick<CullFields, (typeof CSV_COLUMNS)[number]['field']>;

/** One live cull as the export keeps it. */
export interface ExportRow {
  userId: string;
  /** When the cull was recorded (ISO), the order of the Cull Data table. */
  createdAt: string;
  fields: CsvFields;
  /** The ground the record is placed on (cull.placed), null for none. */
  groundId: string | null;
  /** The outing the record belongs to (cull.placed), null for none. */
  outingId: string | null;
}

/**
 * One line of the CSV export: the record's id and fields, its ground's name now (null: on no ground) and when its
 * outing started (null: in no outing).
 */
export interface ExportLine {
  id: string;
  fields: CsvFields;
  ground: string | null;
  outingStartedAt: string | null;
}

/**
 * Whose culls a team's read holds: every cull on the team's grounds, or for a guest (`onlyUserId`) their own among
 * them.
 */
export interface TeamScope {
  teamId: string;
  onlyUserId?: string;
}

/** A line of a team's CSV export: who culled it too. */
export interface TeamExportLine extends ExportLine {
  culledBy: CulledBy;
}

/** The first and last days (YYYY-MM-DD) of a stalking season, by the user's start. */
export interface DateRange {
  from: string;
  to: string;
}

/** One carcass as the larder book keeps it. */
export interface LarderRow {
  /** The record's id. */
  id: string;
  fields: LarderFields;
}

/** A carcass in a team's larder book: who culled it too. */
export interface TeamLarderRow extends LarderRow {
  culledBy: CulledBy;
}

/**
 * A team's larder book: the carcasses on the team's grounds, each named by its shooter's name in the team (from
 * their member link), "Former member" once they erased their account (the team keeps its facts, re-owned by the
 * team's owner id).
 */
export interface TeamLarderBook {
  /** The carcasses of the season on the team's grounds, in the order they were killed. */
  teamLarder(team: TeamScope, season: DateRange, destination?: string): Promise<TeamLarderRow[]>;
  /** Every season with a carcass on the team's grounds by this season start, newest first, with how many. */
  teamLarderSeasons(team: TeamScope, start: SeasonStart): Promise<{ label: string; carcasses: number }[]>;
  /** The culls on the team's grounds, newest recorded first, read lazily as `rows` are. */
  teamRows(team: TeamScope, filter: Omit<ExportQuery, 'season'>): AsyncIterable<TeamExportLine>;
}

/** The larder book: each user's carcasses by stalking season, kept beside the export rows in the same transaction. */
export interface LarderBook {
  /** The user's carcasses killed in the season, in the order they were killed (date, time, then id). */
  larder(userId: string, season: DateRange, destination?: string): Promise<LarderRow[]>;
  /**
   * Every season the user has a carcass in by this season start, newest first, with how many: summed from one
   * count per month kept as events apply, so a changed start moves the seasons at once.
   */
  larderSeasons(userId: string, start: SeasonStart): Promise<{ label: string; carcasses: number }[]>;
  /** The user's carcasses among these ids (another user's are not found), in the order they were killed. */
  larderRows(userId: string, ids: readonly string[]): Promise<LarderRow[]>;
  /**
   * The records' fields as the CSV export keeps them (all the legal warnings judge: the time, the place, the rifle),
   * by id, for the larder book's warnings; an id not kept is left out. Its callers have read the ids in scope.
   */
  recordFields(ids: readonly string[]): Promise<Map<string, CsvFields>>;
}

/** A declaration the user was given, as the register keeps it. */
export interface IssuedDeclaration {
  number: number;
  /** When the number was first issued (ISO). */
  issuedAt: string;
}

/**
 * The numbers of the trained-hunter declarations issued. Not a projection of the event log: `clear` (and so a
 * rebuild) leaves it alone, so a number once given is the number of that declaration for good.
 */
export interface DeclarationRegister {
  /**
   * The number of the user's declaration with this key (its carcasses and dealer): the one issued before, or the
   * user's next number, issued now. Numbers run 1, 2, 3... per user.
   */
  declaration(
    userId: string,
    key: string,
    issue: { recordIds: readonly string[]; dealer: string; now: Date },
  ): Promise<IssuedDeclaration>;
  /** The user's declaration with this key, if one was issued; never issues one. */
  issuedDeclaration(userId: string, key: string): Promise<IssuedDeclaration | undefined>;
  /** Every declaration issued to the user, by number: their part of the register, for their account download. */
  declarationsOf(userId: string): Promise<AccountDeclaration[]>;
}

/**
 * The export projection and the larder book: `clear` forgets every row and season count as well as the versions and
 * the checkpoint, but never the declaration register.
 */
export interface ExportStore extends ProjectionStore, LarderBook, TeamLarderBook, DeclarationRegister {
  /**
   * The user's rows, newest recorded first, read lazily: the caller pulls rows as it can send them,
   * and ending the iteration early (return()) releases the cursor. The caller turns a season into `from`/`to`.
   */
  rows(userId: string, filter: Omit<ExportQuery, 'season'>): AsyncIterable<ExportLine>;
  /** The user's season start (settings.changed), the default until they set one. */
  seasonStart(userId: string): Promise<SeasonStart>;
  /**
   * Forgets the user's records past retention: their rows, larder entries and counts, and their lines in the
   * declaration register, where a declaration left with none goes (see ProjectionStore).
   */
  removeRecords(userId: string, recordIds: readonly string[]): Promise<number>;
}
