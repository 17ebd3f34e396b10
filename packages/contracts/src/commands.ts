import type { CullChanges, CullFields } from './cull';
import type { CullPhoto } from './photos';

/** What every command carries besides its intent: who, when, and the id the resulting event takes. */
export interface CommandMeta {
  userId: string;
  eventId: string;
  occurredAt: string;
  correlationId: string;
}

export interface RecordCull {
  type: 'RecordCull';
  cullId: string;
  fields: CullFields;
  meta: CommandMeta;
}

export interface AmendCull {
  type: 'AmendCull';
  cullId: string;
  changes: CullChanges;
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

export type CullCommand = RecordCull | AmendCull | DeleteCull | AddCullPhoto | RemoveCullPhoto;
