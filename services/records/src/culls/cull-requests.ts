import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES, PHOTO_MESSAGES } from '@cull-log/contracts';
import { HttpError } from '@cull-log/service-kit';
import type { CullDecisionError } from '@cull-log/domain';
import { refusalAsHttp } from '../kit/management-requests';

export const cullNotFound = () => new HttpError(404, 'not_found', MESSAGES.cullNotFound);
export const photoNotFound = () => new HttpError(404, 'not_found', PHOTO_MESSAGES.notFound);
/** A photo refused, its message on the form's photo field too. */
export const refusedPhoto = (message: string) =>
  new HttpError(400, 'validation_failed', message, { photo: message });

const CullId = z.uuid();

/** Ids are UUIDs; anything else cannot name a record, so it is answered like a missing one. */
export function cullIdOf(request: FastifyRequest<{ Params: { id: string } }>): string {
  const parsed = CullId.safeParse(request.params.id);
  if (!parsed.success) throw cullNotFound();
  return parsed.data.toLowerCase();
}

/** A command the decider refused, as the API answers it; any other error unchanged. */
export function toHttpError(error: unknown): unknown {
  return refusalAsHttp(error, {
    notFound: cullNotFound,
    idTaken: MESSAGES.alreadyExists,
    // A record's command is refused by its decider (or the runner, with codes the decider's own reasons include).
    ruleBroken(refusal) {
      const reason = refusal as CullDecisionError;
      switch (reason.code) {
        case 'invalid_field':
          return new HttpError(400, 'validation_failed', MESSAGES.invalidFields, {
            [reason.field]: reason.message,
          });
        case 'photo_not_found':
          return photoNotFound();
        case 'too_many_photos':
          return refusedPhoto(PHOTO_MESSAGES.tooMany);
        default:
          return undefined;
      }
    },
  });
}
