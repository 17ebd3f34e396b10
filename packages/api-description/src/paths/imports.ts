import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  IMPORT_LIMITS,
  ImportCommitResponse,
  ImportOptions,
  ImportPreview,
  ImportSummary,
  ListImportsResponse,
  UndoImportResponse,
} from '@cull-log/contracts';
import { idPath, json, operation } from '../operation-kit';

const tag = 'Imports';
const asJson = { contentType: 'application/json' };

/** Bringing records in from a spreadsheet: preview, import, list, undo. */
export const importPaths: ZodOpenApiPathsObject = {
  '/api/imports': {
    post: operation({
      operationId: 'previewImport',
      summary: 'Read a file and preview its import',
      description: `Reads a CSV, XLSX or ODS file (at most ${IMPORT_LIMITS.maxRows} rows, ${IMPORT_LIMITS.maxUploadBytes / 1024 / 1024} MB) and answers what would happen: the rows ready, every row refused with its row number, column and reason, values adjusted, duplicates and warnings. Nothing is written; the preview is kept for ${IMPORT_LIMITS.previewHours} hours for its commit. Cull Log’s own CSV export and First Light’s are recognised without a mapping.`,
      tag,
      access: 'write',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: ImportOptions.safeExtend({
              file: z.string().meta({ format: 'binary', description: 'The spreadsheet: CSV, XLSX or ODS.' }),
            }),
            encoding: { mapping: asJson, sheet: asJson, defaults: asJson },
          },
        },
      },
      responses: { 200: json(ImportPreview, 'The preview; nothing written.') },
      refusals: [400, 413],
    }),
    get: operation({
      operationId: 'listImports',
      summary: 'The user’s imports',
      tag,
      access: 'read',
      responses: { 200: json(ListImportsResponse, 'The imports, the newest first.') },
    }),
  },
  '/api/imports/{id}': {
    get: operation({
      operationId: 'getImport',
      summary: 'One import',
      description: 'An import as the list shows it; `imported` rises while it runs.',
      tag,
      access: 'read',
      requestParams: { path: idPath },
      responses: { 200: json(ImportSummary, 'The import.') },
      refusals: [400, 404],
    }),
    delete: operation({
      operationId: 'undoImport',
      summary: 'Undo an import',
      description:
        'Removes every record of the import, while none of them has been changed since; otherwise 409 with the reason.',
      tag,
      access: 'write',
      requestParams: { path: idPath },
      responses: { 200: json(UndoImportResponse, 'How many records were removed.') },
      refusals: [400, 404, 409],
    }),
  },
  '/api/imports/{id}/commit': {
    post: operation({
      operationId: 'commitImport',
      summary: 'Import the rows of a preview',
      description:
        'Imports the preview’s ready rows as one batch; rows already among the user’s records are skipped, so committing again adds nothing.',
      tag,
      access: 'write',
      requestParams: { path: idPath },
      responses: {
        200: json(ImportCommitResponse, 'How many were imported, and skipped as already there.'),
      },
      refusals: [400, 404, 409],
    }),
  },
};
