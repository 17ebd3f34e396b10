import type { z } from 'zod';
import { MESSAGES } from './messages';

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

/**
 * Characters a typed text never holds and that can only confuse what shows it: control characters other than tab and
 * line breaks (NUL above all), the text-direction marks, overrides and isolates that make a text read otherwise than it
 * is stored (the left-to-right, right-to-left and Arabic letter marks among them), and a half of a surrogate pair with
 * no other half.
 */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character no typed text should. */
export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/**
 * Refuses, field by field, a text holding a character no typed text should, in a request's fields and in the parts of
 * a field that holds an object. For requests only: events already written are never judged again.
 */
export function refuseUnsafeText(body: Record<string, unknown>, context: z.RefinementCtx): void {
  const check = (value: unknown, path: string[]) => {
    if (typeof value === 'string') {
      if (isUnsafeText(value)) context.addIssue({ code: 'custom', message: MESSAGES.unsafeText, path });
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [key, part] of Object.entries(value)) check(part, [...path, key]);
    }
  };
  for (const [key, value] of Object.entries(body)) check(value, [key]);
}
