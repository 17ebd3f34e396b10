import type { CullChanges, CullFields } from './cull';
import type { CullPhoto } from './photos';
import type { EventSource } from './events';

/** What every command carries besides its intent: who, when, and the id the resulting event takes. */
export interface CommandMeta {
  userId: string;
  eventId: string;
  occurredAt: string;
  correlationId: string;
  /** Where an imported record came from; its events carry it in their meta. */
  source?: EventSource;
}

/** Where a record belongs: a ground and an outing of the user's (checked by the service), null for none. */
export interface CullPlacement {
  ground_id: string | null;
  outing_id: string | null;
}

export interface RecordCull {
  type: 'RecordCull';
  cullId: string;
  fields: CullFields;
  /** Absent or both null: the record belongs nowhere. */
  placement?: CullPlacement;
  meta: CommandMeta;
}

export interface AmendCull {
  type: 'AmendCull';
  cullId: string;
  changes: CullChanges;
  /** The parts of the placement that change (absent: kept). */
  placement?: Partial<CullPlacement>;
  expectedVersion?: number;
  meta: CommandMeta;
}

export interface DeleteCull {
  type: 'DeleteCull';
  cullId: string;
  meta: CommandMeta;
}

/** Adds a photo already in the blob store to the record. */
export interface AddCullPhoto {
  type: 'AddCullPhoto';
  cullId: string;
  photo: CullPhoto;
  meta: CommandMeta;
}

export interface RemoveCullPhoto {
  type: 'RemoveCullPhoto';
  cullId: string;
  photoId: string;
  meta: CommandMeta;
}

/** Keeps the dealer a declaration named on a record it lists, where the record names none. */
export interface KeepDeclaredDealer {
  type: 'KeepDeclaredDealer';
  cullId: string;
  dealer: string;
  meta: CommandMeta;
}

export type CullCommand =
  RecordCull | AmendCull | DeleteCull | AddCullPhoto | RemoveCullPhoto | KeepDeclaredDealer;
