import type { z } from 'zod';
import {
  AnyLogEvent,
  COUNT_EVENT_TYPES,
  CountEvent,
  CullAmended,
  CullAmendedV1,
  CullDeleted,
  CullPhotoAdded,
  CullPhotoRemoved,
  CullRecorded,
  CullRecordedV1,
  EVENT_TYPES,
  LEGACY_EVENT_TYPES,
  MANAGEMENT_EVENT_TYPES,
  MANAGEMENT_LEGACY_EVENT_TYPES,
  ManagementEvent,
  OutingSightingsRecordedV1,
  MemberLinked,
  PlansAllocated,
  TEAM_EVENT_TYPES,
  TeamEvent,
  USER_ERASED_TYPE,
  UserErased,
} from '../src/index';

/** File name of the schema covering every event type, for consumers that take the whole stream. */
export const UNION_FILE = 'cull-event.json';

/** A published event type (or the union of them all): its file, its title, what it means, its zod schema. */
export interface EventDocument {
  file: string;
  title: string;
  description: string;
  schema: z.ZodObject | typeof AnyLogEvent;
}

const MANAGEMENT_DESCRIPTIONS: Record<ManagementEvent['type'], string> = {
  [MANAGEMENT_EVENT_TYPES.cullPlaced]:
    "Where a cull belongs, set whole, in the cull's own stream beside cull.recorded or cull.amended: data.ground_id and data.outing_id, each null for none.",
  [MANAGEMENT_EVENT_TYPES.groundCreated]:
    "A ground was created (its stream is the ground's id); data holds its name and, when given, notes, a GeoJSON Polygon boundary and a centre.",
  [MANAGEMENT_EVENT_TYPES.groundRenamed]: 'A ground was renamed; data.name is the new name.',
  [MANAGEMENT_EVENT_TYPES.groundRedrawn]:
    'A ground was redrawn; data holds its boundary and centre as they now are, null for none.',
  [MANAGEMENT_EVENT_TYPES.groundNotesChanged]: "A ground's notes changed; null clears them.",
  [MANAGEMENT_EVENT_TYPES.groundArchived]:
    'A ground was archived: it keeps its records and takes no new ones.',
  [MANAGEMENT_EVENT_TYPES.groundRestored]: 'An archived ground was restored.',
  [MANAGEMENT_EVENT_TYPES.groundMoved]:
    "A person's ground was moved into a team (data.team_id): owned by the team from here on (userId team-<team id>, subject culls.v1.team-<team id>.ground_moved), data holding the whole ground as it stood (name, notes, boundary, centre, null for none, and when it was made), so the team's ground outlives the erasure of the person who made it. Culls already on the ground stay their shooters' and become the team's records.",
  [MANAGEMENT_EVENT_TYPES.outingStarted]:
    "An outing was started, or recorded afterwards with its end (its stream is the outing's id); data names its ground.",
  [MANAGEMENT_EVENT_TYPES.outingEnded]: 'An outing under way was ended at data.ended_at.',
  [MANAGEMENT_EVENT_TYPES.outingAmended]:
    'An outing was changed; data.changes holds the changed fields, null clearing ended_at (reopened) or notes.',
  [MANAGEMENT_EVENT_TYPES.outingDeleted]: 'An outing with no cull was deleted.',
  [MANAGEMENT_EVENT_TYPES.outingHuntersChanged]:
    'The number of people out on an outing (data.hunters, for hunter-hours): written with outing.started.v1 when not one, and whenever it changes. An outing without it had one.',
  [MANAGEMENT_EVENT_TYPES.outingSightingsRecorded]:
    'The deer seen on an outing, set whole: data.sightings lists species, sex (Male, Female, Unknown), age_class (Adult, Young, Unknown), count and, when marked, the place they were seen (latitude and longitude); an empty list is an outing on which nothing was seen. An outing without it has no sightings recorded. Written in place of outing.sightings_recorded.v1, which is valid v2 under its new name.',
  [MANAGEMENT_EVENT_TYPES.settingsChanged]:
    "A user's settings changed (one stream per user, its id opaque); data.season_start is 04-01 or 08-01.",
  [MANAGEMENT_EVENT_TYPES.deerValuesSaved]:
    "On a user's settings stream: the values a user set for a ground's suggested cull (data.ground_id), saved when a suggestion worked out with them was accepted, replacing that ground's whole: per species (data.species) a target density in deer per km², a recruitment rate and a female share in percent, each left out where the default holds, and the seasons a reduction is spread over (data.seasons).",
  [MANAGEMENT_EVENT_TYPES.plansSet]:
    "A user's cull plans of one season were set, replacing the season's plans whole (one stream per user and season, its id opaque).",
};

const COUNT_DESCRIPTIONS: Record<CountEvent['type'], string> = {
  [COUNT_EVENT_TYPES.countRecorded]:
    "A count of deer on a ground (its stream is the count's id): data holds its ground, day, method (vantage_point, thermal, drive, dung, camera, other) and lines of species, sex, age_class and count; a dung count (method dung) has no lines but data.dung, its plots, their area in m², the pellet groups found, the days since clearance and the defecation rate for data.dung.species, from which the density is worked out.",
  [COUNT_EVENT_TYPES.countAmended]:
    'A count was changed; data.changes holds the changed fields, items and dung whole, null clearing the notes or the plots of a count no longer by dung.',
  [COUNT_EVENT_TYPES.countDeleted]: 'A count was deleted.',
};

const TEAM =
  "In a team's stream (its id), owned by the team (userId team-<team id>, subject culls.v1.team-<team id>.<short name>); members are named by member ids, never user ids:";

const TEAM_DESCRIPTIONS: Record<TeamEvent['type'], string> = {
  [TEAM_EVENT_TYPES.teamCreated]: `${TEAM} a team was created; data holds its name, its kind and the member id of its first manager.`,
  [TEAM_EVENT_TYPES.teamRenamed]: `${TEAM} the team's name and kind as they now are.`,
  [TEAM_EVENT_TYPES.inviteCreated]: `${TEAM} a manager made an invitation link: the role it offers, when it expires, how many may use it and, for a guest, the grounds and days of the permit. Never the link's token.`,
  [TEAM_EVENT_TYPES.inviteRevoked]: `${TEAM} an invitation was withdrawn.`,
  [TEAM_EVENT_TYPES.memberJoined]: `${TEAM} someone joined with an invitation, in the role it offered; a guest with the invitation's permit.`,
  [TEAM_EVENT_TYPES.roleChanged]: `${TEAM} a manager changed a member's role.`,
  [TEAM_EVENT_TYPES.memberLeft]: `${TEAM} a member left (removed: false) or was removed by a manager (removed: true); their permits end with them.`,
  [TEAM_EVENT_TYPES.permitGranted]: `${TEAM} a guest was given a permit for named grounds from its first to its last day (YYYY-MM-DD, Britain's calendar).`,
  [TEAM_EVENT_TYPES.permitEnded]: `${TEAM} a guest's permit was ended before its last day.`,
  [TEAM_EVENT_TYPES.cullsKept]: `${TEAM} a member (data.member_id) erased their account: data.culls holds the facts of the culls they made on the team's grounds, each under a new id of the team's, without notes, photos, coordinates, grid reference, shooter, examiner or anything else naming them. A consumer counting the team's culls takes these in place of the erased member's (whose events are purged).`,
  [TEAM_EVENT_TYPES.keptCullsRemoved]: `${TEAM} the retention removed kept culls culled and kept over seven years ago: data.ids names them (the team's ids of team.culls_kept.v1). A consumer takes them out of the team's figures and documents as if never kept; an id it does not hold is passed over. The same run takes them out of the team.culls_kept.v1 events that held them, so a rebuild from the log never counts them (an event left with none is rewritten as this event, naming its own).`,
};

/** Every version stays published: the stream holds events of each, and consumers validate against them. */
export const EVENT_DOCUMENTS: readonly EventDocument[] = [
  {
    file: `${LEGACY_EVENT_TYPES.recordedV1}.json`,
    title: LEGACY_EVENT_TYPES.recordedV1,
    description: 'A cull was recorded; data holds its fields.',
    schema: CullRecordedV1,
  },
  {
    file: `${LEGACY_EVENT_TYPES.amendedV1}.json`,
    title: LEGACY_EVENT_TYPES.amendedV1,
    description: 'A cull was amended; data.changes holds the changed fields, null clearing an optional one.',
    schema: CullAmendedV1,
  },
  {
    file: `${EVENT_TYPES.recorded}.json`,
    title: EVENT_TYPES.recorded,
    description:
      'A cull was recorded; data holds its fields, the carcass fields (calibre, load, shooter, tag, destination, dealer, inspection, weather) included.',
    schema: CullRecorded,
  },
  {
    file: `${EVENT_TYPES.amended}.json`,
    title: EVENT_TYPES.amended,
    description:
      'A cull was amended; data.changes holds the changed fields, the carcass fields included, null clearing an optional one.',
    schema: CullAmended,
  },
  {
    file: `${EVENT_TYPES.deleted}.json`,
    title: EVENT_TYPES.deleted,
    description: 'A cull was deleted.',
    schema: CullDeleted,
  },
  {
    file: `${USER_ERASED_TYPE}.json`,
    title: USER_ERASED_TYPE,
    description:
      'A user erased their account (subject culls.v1.<userId>.erased, after every other message of the user was purged from the stream): a consumer must delete everything it holds of userId.',
    schema: UserErased,
  },
  {
    file: `${EVENT_TYPES.photoAdded}.json`,
    title: EVENT_TYPES.photoAdded,
    description:
      'A photo was added to a cull; data describes the stored photo (id, type, size, SHA-256, width, height), never its bytes.',
    schema: CullPhotoAdded,
  },
  {
    file: `${EVENT_TYPES.photoRemoved}.json`,
    title: EVENT_TYPES.photoRemoved,
    description: 'A photo was removed from a cull; data.photo_id names it.',
    schema: CullPhotoRemoved,
  },
  ...ManagementEvent.options.map((schema) => {
    const type = schema.shape.type.value;
    return { file: `${type}.json`, title: type, description: MANAGEMENT_DESCRIPTIONS[type], schema };
  }),
  {
    file: `${MANAGEMENT_LEGACY_EVENT_TYPES.outingSightingsRecordedV1}.json`,
    title: MANAGEMENT_LEGACY_EVENT_TYPES.outingSightingsRecordedV1,
    description:
      'The deer seen on an outing, set whole: data.sightings lists species, sex (Male, Female, Unknown), age_class (Adult, Young, Unknown) and count; an empty list is an outing on which nothing was seen. An outing without it has no sightings recorded.',
    schema: OutingSightingsRecordedV1,
  },
  ...TeamEvent.options.map((schema) => {
    const type = schema.shape.type.value;
    return { file: `${type}.json`, title: type, description: TEAM_DESCRIPTIONS[type], schema };
  }),
  {
    file: `${TEAM_EVENT_TYPES.memberLinked}.json`,
    title: TEAM_EVENT_TYPES.memberLinked,
    description:
      "In the user's own stream of team links (subject culls.v1.<userId>.member_linked): this user is data.member_id of team data.team_id, shown to the team as data.name. Purged with the user's other events on erasure, after which the team's events name a member id that leads to nobody.",
    schema: MemberLinked,
  },
  {
    file: `${TEAM_EVENT_TYPES.plansAllocated}.json`,
    title: TEAM_EVENT_TYPES.plansAllocated,
    description:
      "In a team's plans stream of one season (userId team-<team id>, subject culls.v1.team-<team id>.plans_allocated), appended together with its plans.set.v1: each member's share of the season's targets (data.allocations: member_id, ground_id, species, class, target), replacing the season's allocations whole. Members are named by member ids, never user ids.",
    schema: PlansAllocated,
  },
  ...CountEvent.options.map((schema) => {
    const type = schema.shape.type.value;
    return { file: `${type}.json`, title: type, description: COUNT_DESCRIPTIONS[type], schema };
  }),
  {
    file: UNION_FILE,
    title: 'cull event',
    description:
      'Any event on the CULLS stream, of any family and version (subjects culls.v1.<userId>.<short name>: recorded, amended, deleted, photo_added, photo_removed and placed for a record; ground_<name>, outing_<name>, settings_changed, plans_set and plans_allocated, count_<name> for counts, for the rest; team_<name> on culls.v1.team-<team id>.<short name> for the events of a team, and member_linked).',
    schema: AnyLogEvent,
  },
];
