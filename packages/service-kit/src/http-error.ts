import type { ApiError, ErrorCode } from '@cull-log/contracts';

/** An error that answers with its own status and the contract error shape `{ error: { code, message, fields? } }`. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields === undefined ? { code, message } : { code, message, fields } };
}
