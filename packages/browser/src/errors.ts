import {
  CredportAuthenticationError,
  CredportError,
  CredportPermissionError,
} from "@credport/core";

/** 401 missing_token: the status read carried no client token. */
export class CredportMissingTokenError extends CredportAuthenticationError {
  override readonly type = "missing_token_error";
}
/** 401 invalid_token: the client token is unknown, belongs to another verification, or expired with it. */
export class CredportInvalidTokenError extends CredportAuthenticationError {
  override readonly type = "invalid_token_error";
}
/** 403 key_mismatch: the publishable key belongs to another project or environment. */
export class CredportKeyMismatchError extends CredportPermissionError {
  override readonly type = "key_mismatch_error";
}
export { CredportError };
