import { MANAGEMENT_MESSAGES, MESSAGES } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import { z } from 'zod';
import { CommandRejectedError, type Refusal } from './command-runner';

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

/** How a kind of stream's refusals are answered, beside the runner's own (a taken id, a lost race). */
export interface RefusalAnswers {
  notFound: () => HttpError;
  /** The message for an id another thing already has. */
  idTaken: string;
  /** The answer to a reason of the stream's own rules; undefined for one it does not know. */
  ruleBroken?: (reason: Refusal) => HttpError | undefined;
}

/** A refused command as the API answers it; any other error unchanged. */
export function refusalAsHttp(error: unknown, answers: RefusalAnswers): unknown {
  if (!(error instanceof CommandRejectedError)) return error;
  switch (error.reason.code) {
    case 'not_found':
      return answers.notFound();
    case 'already_exists':
      return new HttpError(409, 'already_exists', answers.idTaken);
    case 'version_conflict':
      return new HttpError(409, 'version_conflict', MESSAGES.versionConflict);
    default:
      return answers.ruleBroken?.(error.reason) ?? error;
  }
}

/** A refused grounds, outings, settings or plans command as the API answers it; any other error unchanged. */
export function toManagementHttpError(
  error: unknown,
  notFound: () => HttpError,
  ruleBroken?: RefusalAnswers['ruleBroken'],
): unknown {
  return refusalAsHttp(error, {
    notFound,
    idTaken: MANAGEMENT_MESSAGES.idTaken,
    ruleBroken: (reason) =>
      ruleBroken?.(reason) ??
      (reason.code === 'ends_before_start'
        ? refused('ended_at', MANAGEMENT_MESSAGES.outingEndsBeforeStart)
        : undefined),
  });
}

/** Runs work, answering a refused command with its HTTP error. */
export async function answering<T>(
  notFound: () => HttpError,
  ruleBroken: RefusalAnswers['ruleBroken'],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toManagementHttpError(error, notFound, ruleBroken);
  }
}
