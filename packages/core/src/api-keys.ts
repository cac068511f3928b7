import { PUBLISHABLE_KEY_PATTERN, SECRET_KEY_PATTERN } from "./contract/key-shapes.js";
import { CredportConfigurationError } from "./errors.js";

export type KeyEnvironment = "test" | "live";

/** Error code of a key that does not have the documented shape. */
export const INVALID_API_KEY_FORMAT = "INVALID_API_KEY_FORMAT";

const invalid = (message: string) =>
  new CredportConfigurationError(message, { code: INVALID_API_KEY_FORMAT });

/**
 * Checks a secret key's shape before any request. A publishable key, a webhook secret or anything
 * else throws INVALID_API_KEY_FORMAT with a message that says what was passed instead. `source`
 * names where the key came from (`CREDPORT_SECRET_KEY`, an option's name), for the message; the
 * key itself never appears in it.
 */
export function parseSecretKey(key: unknown, source?: string): { environment: KeyEnvironment } {
  const subject = source ?? "the secret key";
  if (typeof key !== "string")
    throw invalid(`credport: ${subject} must be a string starting with sk_test_ or sk_live_.`);
  const match = SECRET_KEY_PATTERN.exec(key);
  if (match) return { environment: match[1] as KeyEnvironment };
  if (key.startsWith("pk_")) {
    throw invalid(
      `credport: ${source ?? "this"} is a publishable key (pk_…); server calls need a secret key (sk_test_… or sk_live_…).`,
    );
  }
  if (key.startsWith("whsec_")) {
    throw invalid(
      `credport: ${source ?? "this"} is a webhook secret (whsec_…); pass it to webhooks.verify, and a secret key (sk_…) here.`,
    );
  }
  if (key.trim() !== key)
    throw invalid(`credport: ${subject} has leading or trailing whitespace; remove it.`);
  throw invalid(
    `credport: ${source ? `${source} is a malformed secret key` : "malformed secret key"}: expected sk_test_ or sk_live_ followed by at least 24 letters or digits.`,
  );
}

/**
 * Checks a publishable key's shape. A secret key is refused loudly: it must never reach a browser.
 */
export function parsePublishableKey(key: unknown): { environment: KeyEnvironment } {
  if (typeof key !== "string")
    throw invalid(
      "credport: the publishable key must be a string starting with pk_test_ or pk_live_.",
    );
  const match = PUBLISHABLE_KEY_PATTERN.exec(key);
  if (match) return { environment: match[1] as KeyEnvironment };
  if (key.startsWith("sk_")) {
    throw invalid(
      "credport: a secret key (sk_…) was passed where a publishable key belongs. A secret key must never reach a browser: roll this key now and use the publishable key (pk_…).",
    );
  }
  if (key.trim() !== key)
    throw invalid("credport: the publishable key has leading or trailing whitespace; remove it.");
  throw invalid(
    "credport: malformed publishable key: expected pk_test_ or pk_live_ followed by at least 24 letters or digits.",
  );
}
