import {
  CredportConfigurationError,
  type CredportErrorCode,
  type ResolvedLogger,
  readEnv,
} from "@credport/core";

/** `next build` collecting page data: runtime secrets may be absent there, and that is fine. */
export const isNextBuild = () => readEnv("NEXT_PHASE") === "phase-production-build";

/** Development (`next dev`, `vite`, `NODE_ENV=development node …`): configuration problems are answered in JSON bodies as well as logged. */
export const isDevelopment = () => readEnv("NODE_ENV") === "development";

/** Whether cookies are `Secure` when not told: everywhere but in development, on plain http://localhost. */
export const defaultSecureCookies = () => !isDevelopment();

/** Codes of configuration errors that mean "not set" (rather than "set wrong"). */
const MISSING = new Set([
  "missing_api_key",
  "missing_base_url",
  "missing_session_secret",
  "missing_webhook_secret",
]);

/** How messages name the package; an adapter (e.g. `credport/next`) puts its own name there. */
export const SESSION_LABEL = "credport/session";

export const configurationError = (message: string, code: CredportErrorCode = "invalid_option") =>
  new CredportConfigurationError(`${SESSION_LABEL}: ${message}`, { code });

/** A message of this package, naming the adapter the app uses instead. */
export const relabel = (message: string, label: string) =>
  message.startsWith(SESSION_LABEL) ? label + message.slice(SESSION_LABEL.length) : message;

/**
 * Runs `resolve` at creation and fails fast, except where failing now would be wrong: during
 * `next build` a value that is not set yet is only needed at run time, and in development the
 * problem is logged and answered to every request (see `deferred`).
 */
export function resolveOrDefer<T>(
  resolve: () => T,
  options: { deferInDevelopment: boolean; label: string; log?: ResolvedLogger | undefined },
): { value: T; problem?: undefined } | { value?: undefined; problem: CredportConfigurationError } {
  try {
    return { value: relabelled(resolve, options.label) };
  } catch (error) {
    if (!(error instanceof CredportConfigurationError)) throw error;
    if (isNextBuild() && MISSING.has(error.code)) return { problem: error };
    if (options.deferInDevelopment && isDevelopment()) {
      (options.log ?? console).error(error.message);
      return { problem: error };
    }
    throw error;
  }
}

/** Runs `resolve`, its configuration errors naming `label` (the adapter the app uses). */
export function relabelled<T>(resolve: () => T, label: string): T {
  try {
    return resolve();
  } catch (error) {
    if (!(error instanceof CredportConfigurationError) || label === SESSION_LABEL) throw error;
    throw new CredportConfigurationError(relabel(error.message, label), { code: error.code });
  }
}
