import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  IMPORT_MESSAGES,
  type ImportCommitResponse,
  type ImportPreview,
  type ImportSummary,
  type ListImportsResponse,
  type UndoImportResponse,
} from '@cull-log/contracts';
import type { BlobStore } from '@cull-log/blobstore';
import type { AppendResult, EventStore } from '@cull-log/eventstore';
import { HttpError } from '@cull-log/service-kit';
import { idOf } from '../kit/management-requests';
import type { CullReadModel } from '../read-model/cull-read-model';
import { createImportService, type Caller } from './import-service';
import { receiveUpload } from './import-upload';

export interface ImportsRoutesOptions {
  store: EventStore<unknown>;
  readModel: Pick<CullReadModel<unknown>, 'apply' | 'imports' | 'listGrounds' | 'get'>;
  blobs: BlobStore;
  now: () => Date;
  newId: () => string;
  onAppended?: ((result: AppendResult) => void) | undefined;
}

type ImportParams = { id: string };

const importNotFound = () => new HttpError(404, 'not_found', IMPORT_MESSAGES.notFound);

function callerOf(request: FastifyRequest): Caller {
  return { userId: request.identity.uid, correlationId: request.id };
}

/**
 * A user's imports of their spreadsheets: `POST /imports` (multipart: `file`, and JSON `mapping`, `sheet`, `defaults`)
 * answers the preview and writes no record; `POST /imports/:id/commit` writes its rows as records; `GET /imports` and
 * `GET /imports/:id` show them and their progress; `DELETE /imports/:id` undoes one. Only the user's own are found.
 */
export const importsRoutes: FastifyPluginAsync<ImportsRoutesOptions> = async (
  app,
  { store, readModel, blobs, now, newId, onAppended },
) => {
  await app.register(multipart);
  const imports = createImportService({
    store,
    readModel,
    blobs,
    now,
    newId,
    ...(onAppended === undefined ? {} : { onAppended }),
  });

  app.post('/imports', async (request): Promise<ImportPreview> => {
    const upload = await receiveUpload(request);
    try {
      const preview = await imports.preview(callerOf(request), upload);
      request.log.info({ importId: preview.id, rows: preview.rows_total }, 'import previewed');
      return preview;
    } finally {
      await upload.discard();
    }
  });

  app.post<{ Params: ImportParams }>(
    '/imports/:id/commit',
    async (request): Promise<ImportCommitResponse> => {
      const id = idOf(request.params.id, importNotFound);
      const outcome = await imports.commit(callerOf(request), id);
      request.log.info({ importId: id, ...outcome }, 'import committed');
      return outcome;
    },
  );

  app.get('/imports', async (request): Promise<ListImportsResponse> => ({
    items: await imports.list(request.identity.uid),
  }));

  app.get<{ Params: ImportParams }>('/imports/:id', async (request): Promise<ImportSummary> =>
    imports.get(request.identity.uid, idOf(request.params.id, importNotFound)),
  );

  app.delete<{ Params: ImportParams }>('/imports/:id', async (request): Promise<UndoImportResponse> => {
    const id = idOf(request.params.id, importNotFound);
    const outcome = await imports.undo(callerOf(request), id);
    request.log.info({ importId: id, ...outcome }, 'import undone');
    return outcome;
  });
};
