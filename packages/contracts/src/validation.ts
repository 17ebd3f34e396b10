import type { z } from 'zod';

/** First message per field (top-level key), for form errors and the API's `fields`. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const unknown of issue.keys) fields[unknown] ??= 'Unknown field';
      continue;
    }
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Number inputs parse to a float, or undefined when empty. */
export function parseNumberInput(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const parsed = Number.parseFloat(trimmed);
  return Number.isNaN(parsed) ? undefined : parsed;
}
