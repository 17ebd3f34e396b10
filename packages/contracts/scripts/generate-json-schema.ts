import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ASYNCAPI_FILE, buildAsyncApi } from './asyncapi-document';
import { EVENT_DOCUMENTS, UNION_FILE } from './event-documents';

export { UNION_FILE };

export const SCHEMAS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

/** The JSON Schema files, by file name, exactly as they are checked in. */
export function buildJsonSchemas(): Map<string, string> {
  const files = new Map<string, string>();
  for (const { file, title, description, schema } of EVENT_DOCUMENTS) {
    const { $schema, ...body } = z.toJSONSchema(schema);
    const document = { $schema, $id: file, title, description, ...body };
    files.set(file, `${JSON.stringify(document, null, 2)}\n`);
  }
  return files;
}

async function writeJsonSchemas(): Promise<void> {
  await mkdir(SCHEMAS_DIR, { recursive: true });
  for (const [file, text] of buildJsonSchemas()) {
    await writeFile(join(SCHEMAS_DIR, file), text);
    console.log(`wrote schemas/${file}`);
  }
  // The stream's AsyncAPI description sits beside the schemas of its messages.
  await writeFile(join(SCHEMAS_DIR, ASYNCAPI_FILE), buildAsyncApi());
  console.log(`wrote schemas/${ASYNCAPI_FILE}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeJsonSchemas();
}
