import type { z } from 'zod';

/**
 * First message per field, for form errors and the API's `fields`: keyed by the field's name, or for a part of a
 * field that holds an object by its dotted path (`inspection.examined_by`).
 */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length > 0 ? `${key}.` : '';
      for (const unknown of issue.keys) fields[`${prefix}${unknown}`] ??= 'Unknown field';
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
