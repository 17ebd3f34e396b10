import {
  CULL_FIELD_NAMES,
  OPTIONAL_FIELD_NAMES,
  RecordCullRequest,
  fieldMessages,
  type AmendCullRequest,
} from '@cull-log/contracts';
import { futureCullError } from '@cull-log/domain';
import {
  candidateRecord,
  gridRefError,
  toFormErrors,
  type CullFormValues,
  type FormCheck,
} from './cull-form-model';

// The form's checks by the shared schemas. They bring zod and every schema, whose building is the longest work a form
// screen would do as it opens, so the form loads them as the user starts on it (load-cull-checks.ts).

/**
 * Checks the form with the shared schema and the rules the server's decider keeps (a grid reference that is one, a
 * cull no later than now); the body is what POST /api/culls takes.
 */
export function toRecordRequest(values: CullFormValues, now = new Date()): FormCheck<RecordCullRequest> {
  const result = RecordCullRequest.safeParse(candidateRecord(values));
  const gridRef = gridRefError(values);
  const future = result.success ? futureCullError(result.data.date, result.data.time, now) : undefined;
  if (!result.success || gridRef !== undefined || future !== undefined) {
    const errors = result.success ? {} : toFormErrors(fieldMessages(result.error), values);
    return {
      ok: false,
      errors: {
        ...errors,
        ...(gridRef !== undefined && { grid_ref: gridRef }),
        ...(future !== undefined && { [future.field]: future.message }),
      },
    };
  }
  return { ok: true, body: result.data };
}

/** Same checks; the body sets every field, clearing (null) the optional ones left empty. */
export function toAmendRequest(
  values: CullFormValues,
  expectedVersion: number,
  groundBefore = '',
): FormCheck<AmendCullRequest> {
  const checked = toRecordRequest(values);
  if (!checked.ok) return checked;
  const body: Record<string, unknown> = { expected_version: expectedVersion };
  const record = checked.body as Record<string, unknown>;
  for (const field of CULL_FIELD_NAMES) {
    const isOptional = (OPTIONAL_FIELD_NAMES as readonly string[]).includes(field);
    body[field] = record[field] ?? (isOptional ? null : undefined);
  }
  // The record's ground only when it changed (null: none); its outing stays as it was.
  if (values.ground_id !== groundBefore) body.ground_id = record.ground_id ?? null;
  return { ok: true, body: body as AmendCullRequest };
}
