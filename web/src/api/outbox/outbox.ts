import type {
  AmendCullRequest,
  AmendOutingRequest,
  RecordCountRequest,
  RecordCullRequest,
} from '@cull-log/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Changes made on this device that the server has not yet accepted, kept in IndexedDB so they survive reloads
 * and browser restarts. Each belongs to the user who made it and is sent only while that user is signed in.
 */
export type OutboxCommand =
  | { kind: 'create'; recordId: string; body: RecordCullRequest }
  | { kind: 'amend'; recordId: string; body: AmendCullRequest }
  | { kind: 'delete'; recordId: string }
  /** A photo, already shrunk on the device, for a record created before it (in the outbox or on the server). */
  | { kind: 'add-photo'; recordId: string; photo: Blob; fileName: string }
  | { kind: 'remove-photo'; recordId: string; photoId: string }
  /** Deer seen and people out on an outing (`recordId` is the outing's id): the sightings whole, as they now are. */
  | { kind: 'outing-sightings'; recordId: string; body: OutingSightingsChange }
  /** A new count on a ground (`recordId` is the count's id, sent with it, so a retry never makes a second count). */
  | { kind: 'record-count'; recordId: string; body: Omit<RecordCountRequest, 'id'> };

/** What the counters of an outing change: the people out, and every line of deer seen. */
export type OutingSightingsChange = Pick<AmendOutingRequest, 'hunters' | 'sightings'>;

/** `waiting`: to be sent; `refused`/`conflict`: the server said no, and the user decides what happens next. */
export type OutboxState = 'waiting' | 'refused' | 'conflict';

export interface OutboxItem {
  /** Order of queueing: items are sent oldest first, one at a time. */
  seq: number;
  userId: string;
  command: OutboxCommand;
  state: OutboxState;
  queuedAt: number;
  /** The server's reason, for a refused or conflicting item. */
  reason?: string;
  /** The server's fields in error, for a refused item. */
  fields?: Record<string, string>;
}

interface OutboxSchema extends DBSchema {
  items: {
    key: number;
    value: OutboxItem;
    indexes: { byUser: string };
  };
}

const DB_NAME = 'cull-log-outbox';

/** Whether two commands say the same (a photo's bytes are never changed in place, so its blob is not compared). */
const sameCommand = (a: OutboxCommand, b: OutboxCommand) => JSON.stringify(a) === JSON.stringify(b);

export interface Outbox {
  add(userId: string, command: OutboxCommand): Promise<OutboxItem>;
  /** This user's items, oldest first. */
  list(userId: string): Promise<OutboxItem[]>;
  /** Changes an item; false when it is no longer there (sent and removed meanwhile). */
  update(
    seq: number,
    change: Partial<Pick<OutboxItem, 'state' | 'reason' | 'fields' | 'command'>>,
  ): Promise<boolean>;
  /**
   * Removes an item; given the command that was sent, only while the item still holds that command, so a change made
   * to it while it was being sent stays to be sent. Answers whether it was removed.
   */
  remove(seq: number, sent?: OutboxCommand): Promise<boolean>;
  /** Tells `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function openOutbox(name = DB_NAME): Outbox {
  let db: Promise<IDBPDatabase<OutboxSchema>> | undefined;
  const database = () =>
    (db ??= openDB<OutboxSchema>(name, 1, {
      upgrade(upgrading) {
        const store = upgrading.createObjectStore('items', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('byUser', 'userId');
      },
    }));
  const listeners = new Set<() => void>();
  // Another tab of the app changing the outbox is told too.
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
  channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));
  const changed = () => {
    listeners.forEach((listener) => listener());
    channel?.postMessage('changed');
  };

  return {
    async add(userId, command) {
      const item = { userId, command, state: 'waiting', queuedAt: Date.now() } as Omit<OutboxItem, 'seq'>;
      const seq = await (await database()).add('items', item as OutboxItem);
      changed();
      return { ...item, seq };
    },
    async list(userId) {
      const items = await (await database()).getAllFromIndex('items', 'byUser', userId);
      return items.sort((a, b) => a.seq - b.seq);
    },
    async update(seq, change) {
      const tx = (await database()).transaction('items', 'readwrite');
      const item = await tx.store.get(seq);
      if (item) {
        const next: OutboxItem = { ...item, ...change };
        if (change.state === 'waiting') {
          delete next.reason;
          delete next.fields;
        }
        await tx.store.put(next);
      }
      await tx.done;
      changed();
      return item !== undefined;
    },
    async remove(seq, sent) {
      const tx = (await database()).transaction('items', 'readwrite');
      const item = await tx.store.get(seq);
      const removing = item !== undefined && (sent === undefined || sameCommand(item.command, sent));
      if (removing) await tx.store.delete(seq);
      await tx.done;
      if (removing) changed();
      return removing;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
