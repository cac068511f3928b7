import { readEnv } from "./read-env.js";
import { redactData, redactSecrets } from "./redact.js";

/** Fields beside a log line: IDs, statuses, durations. Never a secret, token or claim value. */
export type LogFields = Record<string, string | number | boolean | undefined>;

/**
 * Where Credport writes its log lines. `console` fits, and so do most loggers (winston, consola,
 * bunyan-style `(message, fields)` loggers; pino takes `(fields, message)`: wrap it). Request and
 * response lines go to `debug`; problems the app should fix to `warn` and `error`.
 */
export interface CredportLogger {
  debug(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * The logger Credport writes through, every line redacted (keys, client tokens and wallet URIs
 * become `[redacted]`). `debug` is `undefined` unless request/response lines are wanted, so that
 * callers skip building them: with a `logger` given, or with `CREDPORT_DEBUG=1` (then on the
 * console).
 */
export interface ResolvedLogger {
  debug: ((message: string, fields?: LogFields) => void) | undefined;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Whether `CREDPORT_DEBUG` asks for request/response lines (`1`, `true`, `yes`). */
export function debugFromEnv(): boolean {
  return /^(1|true|yes)$/i.test(readEnv("CREDPORT_DEBUG") ?? "");
}

/**
 * The app's logger (or the console) behind redaction. Without a logger, `warn` and `error` go to
 * the console as before, and `debug` only with `CREDPORT_DEBUG=1`.
 */
export function resolveLogger(logger: CredportLogger | undefined): ResolvedLogger {
  const target: CredportLogger = logger ?? console;
  // The method is looked up at each line, not kept: a console method replaced later (a test's
  // spy, a log shipper) still gets the line.
  const line = (level: keyof CredportLogger) => (message: string, fields?: LogFields) => {
    const text = redactSecrets(message);
    if (fields === undefined) target[level](text);
    else target[level](text, redactData(fields) as LogFields);
  };
  return {
    debug: logger !== undefined || debugFromEnv() ? line("debug") : undefined,
    warn: line("warn"),
    error: line("error"),
  };
}

/** Checks a `logger` option: each of `debug`, `warn` and `error` must be a function. */
export function isCredportLogger(value: unknown): value is CredportLogger {
  const logger = value as Partial<CredportLogger> | null;
  return (
    typeof logger === "object" &&
    logger !== null &&
    typeof logger.debug === "function" &&
    typeof logger.warn === "function" &&
    typeof logger.error === "function"
  );
}
