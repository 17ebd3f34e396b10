import { MANAGEMENT_MESSAGES, MESSAGES } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import { z } from 'zod';
import { CommandRejectedError } from './command-runner';

export const groundNotFound = () => new HttpError(404, 'not_found', MANAGEMENT_MESSAGES.groundNotFound);
export const outingNotFound = () => new HttpError(404, 'not_found', MANAGEMENT_MESSAGES.outingNotFound);

/** A rule broken by the body: 400 in the contract's shape, the message on the field it is about. */
export function refused(field: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', message, { [field]: message });
}

const Id = z.uuid();

/** Ids are UUIDs; anything else cannot name one of the user's things, so it is answered like a missing one. */
export function idOf(id: string, notFound: () => HttpError): string {
  const parsed = Id.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data.toLowerCase();
}

/** A refused stream command as the API answers it; any other error unchanged. */
export function toManagementHttpError(error: unknown, notFound: () => HttpError): unknown {
  if (!(error instanceof CommandRejectedError)) return error;
  switch (error.reason.code) {
    case 'not_found':
      return notFound();
    case 'already_exists':
      return new HttpError(409, 'already_exists', MANAGEMENT_MESSAGES.idTaken);
    case 'version_conflict':
      return new HttpError(409, 'version_conflict', MESSAGES.versionConflict);
    case 'ends_before_start':
      return refused('ended_at', MANAGEMENT_MESSAGES.outingEndsBeforeStart);
    default:
      return error;
  }
}

/** Runs work, answering a refused command with its HTTP error. */
export async function answering<T>(notFound: () => HttpError, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toManagementHttpError(error, notFound);
  }
}
