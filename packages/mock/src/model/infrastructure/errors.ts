import { CredportError, type CredportErrorCode } from "@credport/core";

/**
 * Every rule the model enforces fails with a ModelError: the HTTP edge turns it into the documented
 * status and error body, in one place. A {@link CredportError} (`isCredportError` is true), with
 * the service's `status`, `code` and `details`, and the headers its answer carries.
 */
export class ModelError extends CredportError {
  declare readonly status: number;
  /** Headers the answer carries (e.g. `Retry-After`). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: CredportErrorCode,
    message: string,
    details?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    super(message, { code, status, details });
    this.headers = headers;
  }
}

export const validationError = (message: string, details?: Record<string, unknown>) =>
  new ModelError(400, "validation_error", message, details);

export const notFound = (code: CredportErrorCode, message: string) =>
  new ModelError(404, code, message);

export const conflict = (
  code: CredportErrorCode,
  message: string,
  details?: Record<string, unknown>,
) => new ModelError(409, code, message, details);
