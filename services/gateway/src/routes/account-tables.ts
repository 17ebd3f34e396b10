/**
 * Where each table of every store stands with the user's download (`GET /api/account/export`): either the files of
 * the zip that hold what it keeps of a user, or why it need not be there. A new table goes here when it is made:
 * `services/standalone/src/account-tables.int.test.ts` reads every store's tables after a run that made one of
 * everything, and fails on a table that is in neither list (or on a line here for a table no store has).
 */
export type TableInDownload =
  /** What the table keeps of a user is in these files of the zip (see `SERVICE_EXPORT_FILES` and the README). */
  | { download: readonly string[] }
  /** Worked out from what is in the download, or keeps nothing of a user: why. */
  | { derived: string };

type StoreTables = Readonly<Record<string, TableInDownload>>;

const MIGRATIONS = { derived: 'Which schema step each part of the file has reached: no user data.' };
const STREAM_VERSIONS = {
  derived:
    'Each stream’s last version applied, so a redelivered event is applied once: bookkeeping of the projection.',
};
const CHECKPOINT = {
  derived:
    'How far along the event log (or the one-process app’s bus) a reader has got: a position, no user data.',
};
const projection = (of: string) => ({
  derived: `${of}, a projection rebuilt from the events (events.jsonl) and kept for reads.`,
});
const teamProjection = (of: string) => ({
  derived:
    `${of}: a projection of the team’s own events, which belong to the team (its owner id), not to one member; ` +
    'a member’s joining is in their events.jsonl.',
});

/** The SQLite files of the one-process app (DATA_DIR), by the service's `sqliteFile`, table by table. */
export const ACCOUNT_TABLES: Readonly<Record<'records' | 'stats' | 'exports' | 'gateway', StoreTables>> = {
  records: {
    events: { download: ['events.jsonl'] },
    culls: { download: ['records.json', 'records.csv'] },
    culls_search_trigrams: projection('The search index of the records’ words'),
    cull_search_users: projection('Which users’ records the search index holds'),
    cull_search_trigram_counts: projection(
      'How many of each user’s records hold each run of three characters',
    ),
    cull_totals: projection('Each user’s number of records'),
    grounds: { download: ['grounds.json'] },
    outings: { download: ['outings.json'] },
    counts: { download: ['counts.json'] },
    user_settings: { download: ['settings.json'] },
    deer_values: { download: ['settings.json'] },
    cull_plans: { download: ['plans.json'] },
    teams: teamProjection('Each team as it stands'),
    team_invites: teamProjection('Each team’s open invitations'),
    team_member_links: teamProjection('Who is in each team'),
    imports: { download: ['imports.json'] },
    import_records: { download: ['imports.json'] },
    bus_consumer_checkpoints: CHECKPOINT,
    schema_migrations: MIGRATIONS,
  },
  stats: {
    culls: projection('The facts of each record the figures count'),
    user_totals: projection('Each user’s dashboard totals'),
    species_counts: projection('Counts by species'),
    month_counts: projection('Counts by month'),
    class_months: projection('Counts by class and month'),
    destination_months: projection('Counts by carcass destination and month'),
    outings: projection('Each outing’s times and ground'),
    outing_months: projection('Outings by month'),
    season_plans: projection('The cull plans against which progress is counted'),
    warning_months: projection('Records with warnings, by month'),
    member_links: projection('Who is in each team, under what name'),
    team_names: teamProjection('Each team’s name'),
    plan_allocations: teamProjection('A team’s plans shared out to its members'),
    ground_names: projection('Each ground’s name'),
    user_settings: projection('Each user’s season start'),
    stream_versions: STREAM_VERSIONS,
    checkpoints: CHECKPOINT,
    schema_migrations: MIGRATIONS,
  },
  exports: {
    culls: projection('The rows of the CSV export'),
    larder: projection('The larder book’s carcasses'),
    larder_months: projection('Carcasses by month'),
    larder_ground_months: projection('Carcasses by ground and month'),
    ground_names: projection('Each ground’s name'),
    user_settings: projection('Each user’s season start'),
    outings: projection('Each outing’s start, which the CSV names a record’s outing by'),
    team_members: teamProjection('Who is in each team'),
    member_links: projection('Who is in each team, under what name'),
    // Not derived from the log: a rebuild keeps the numbers issued, so the download has them from the register.
    declarations: { download: ['declarations.json'] },
    stream_versions: STREAM_VERSIONS,
    checkpoints: CHECKPOINT,
    schema_migrations: MIGRATIONS,
  },
  gateway: {
    sessions: { download: ['sessions.json'] },
    access_tokens: { download: ['tokens.json'] },
    // When the account was last used, and any notice of its erasure for want of use, are in the profile; the records not
    // yet passed on to the other services are the retention job's bookkeeping (ids of records already removed).
    accounts: { download: ['profile.json'] },
    budgets: {
      derived:
        'How many requests each address or user has made in the current minute, so that no one takes more than their ' +
        'share: counts that end within the minute and are removed within the hour, and a user’s at once with their ' +
        'account.',
    },
    budget_slots: {
      derived:
        'Which documents (CSV exports, PDFs) each user has in the making, so that one person cannot tie up the services ' +
        'that make them: each given back when sent, and a user’s removed at once with their account.',
    },
    schema_migrations: MIGRATIONS,
  },
};
