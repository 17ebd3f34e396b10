import type { ClientSession, Collection, Db } from 'mongodb';
import type { SeasonStart } from '@cull-log/contracts';
import { storedSeasonStart, type GroundsAndSettingsRows } from './grounds-and-settings';

export interface GroundNameDocument {
  /** The ground's stream. */
  _id: string;
  userId: string;
  name: string;
}

export interface SettingsDocument {
  /** The user. */
  _id: string;
  userId: string;
  seasonStart: SeasonStart;
}

/** A projection's two collections of ground names and settings. */
export interface GroundsAndSettingsCollections {
  groundNames: Collection<GroundNameDocument>;
  settings: Collection<SettingsDocument>;
}

/** The projection's collections of ground names and settings, prefixed with its name like its bookkeeping ones. */
export function groundsAndSettingsCollections(db: Db, name: string): GroundsAndSettingsCollections {
  return {
    groundNames: db.collection<GroundNameDocument>(`${name}_ground_names`),
    settings: db.collection<SettingsDocument>(`${name}_settings`),
  };
}

/**
 * One batch's ground names and season starts: `rows` keeps them in memory as the batch's events apply, then `write`
 * stores each once (the last of the batch wins) in the batch's transaction.
 */
export function mongoGroundsAndSettings({ groundNames, settings }: GroundsAndSettingsCollections): {
  rows: GroundsAndSettingsRows;
  write(session: ClientSession): Promise<void>;
} {
  const groundWrites = new Map<string, GroundNameDocument>();
  const settingsWrites = new Map<string, SeasonStart>();
  return {
    rows: {
      putGroundName: (streamId, userId, name) =>
        void groundWrites.set(streamId, { _id: streamId, userId, name }),
      putSeasonStart: (userId, seasonStart) => void settingsWrites.set(userId, seasonStart),
    },
    async write(session) {
      for (const { _id, ...document } of groundWrites.values()) {
        await groundNames.replaceOne({ _id }, document, { upsert: true, session });
      }
      for (const [userId, seasonStart] of settingsWrites) {
        await settings.replaceOne({ _id: userId }, { userId, seasonStart }, { upsert: true, session });
      }
    },
  };
}

/** Reads a user's season start from the projection's settings. */
export async function mongoSeasonStart(
  settings: Collection<SettingsDocument>,
  userId: string,
): Promise<SeasonStart> {
  return storedSeasonStart((await settings.findOne({ _id: userId }))?.seasonStart);
}
