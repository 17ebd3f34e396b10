import {
  DEFAULT_SEASON_START,
  MANAGEMENT_EVENT_TYPES,
  SeasonStart,
  type StoredLogEvent,
} from '@cull-log/contracts';

/**
 * What a projection keeps of its users beside its own rows: each ground's name, so that what it shows names a ground
 * as it is called now, and each user's season start, by which it reads seasons. The stats and exports projections
 * both keep them, in the same tables (SQLite) and in collections alike but for their prefix (MongoDB).
 */
export interface GroundsAndSettingsRows {
  /** A ground's name and owner now (its owner changes when it moves into a team). */
  putGroundName(streamId: string, userId: string, name: string): void;
  putSeasonStart(userId: string, seasonStart: SeasonStart): void;
}

/**
 * Applies a ground's creation, renaming or move into a team (whose owner id it then takes, so the mover's erasure
 * leaves it), or a change of its user's settings; answers false for any other event.
 */
export function applyGroundOrSettingsEvent(rows: GroundsAndSettingsRows, event: StoredLogEvent): boolean {
  switch (event.type) {
    case MANAGEMENT_EVENT_TYPES.groundCreated:
    case MANAGEMENT_EVENT_TYPES.groundRenamed:
    case MANAGEMENT_EVENT_TYPES.groundMoved:
      rows.putGroundName(event.streamId, event.userId, event.data.name);
      return true;
    case MANAGEMENT_EVENT_TYPES.settingsChanged:
      rows.putSeasonStart(event.userId, event.data.season_start);
      return true;
    default:
      return false;
  }
}

/** A user's season start as stored: the default until they set one, and in place of one this build cannot read. */
export function storedSeasonStart(stored: string | null | undefined): SeasonStart {
  return SeasonStart.catch(DEFAULT_SEASON_START).parse(stored ?? DEFAULT_SEASON_START);
}
