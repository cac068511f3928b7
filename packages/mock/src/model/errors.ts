/**
 * Every rule the model enforces fails with a ModelError: the HTTP edge turns it into the documented
 * status and error body, in one place.
 */
export class ModelError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ModelError";
  }
}

export const validationError = (message: string, details?: Record<string, unknown>) =>
  new ModelError(400, "validation_error", message, details);

export const notFound = (code: string, message: string) => new ModelError(404, code, message);

export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new ModelError(409, code, message, details);
