import { redactSecrets } from "@credport/core";

/** What went wrong in a test's use of the kit, as a stable string to assert on. */
export type CredportTestingErrorCode =
  /** A live key (`sk_live_…`, `pk_live_…`) was handed to the kit: it runs on test keys only. */
  | "live_key"
  /** The page showed no verification within the timeout (no start answer, no wallet link). */
  | "verification_not_started"
  /** The page showed no credential offer within the timeout. */
  | "offer_not_shown"
  /** The Digital Credentials API path was asked for where this page and browser cannot take it. */
  | "dc_api_unavailable"
  /** The app wrote no session cookie within the timeout after the wallet presented. */
  | "session_not_written"
  /** The emulator could not be reached, or refused a control-plane call. */
  | "emulator_unavailable"
  /** The test wallet could not answer (its message says why). */
  | "wallet_failed"
  /** An option is missing or malformed. */
  | "invalid_option";

/**
 * Every failure of `@credport/testing`: `code` says which, the message what was awaited or refused
 * and what to do; `report` (when there is one) is what the kit did before it failed, redacted.
 */
export class CredportTestingError extends Error {
  override readonly name = "CredportTestingError";
  readonly code: CredportTestingErrorCode;
  /** What the kit did on this page before failing (see `PageWallet.report()`), redacted. */
  readonly report: string | undefined;

  constructor(
    code: CredportTestingErrorCode,
    message: string,
    options: { report?: string | undefined; cause?: unknown } = {},
  ) {
    const text = redactSecrets(message);
    super(
      options.report ? `${text}\n\n${options.report}` : text,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.report = options.report;
  }
}
