import { parsePublishableKey, readEnv } from "@credport/core";
import { configurationError, relabelled, SESSION_LABEL } from "./environment.js";

/**
 * The publishable key to render for the browser (CREDPORT_PUBLISHABLE_KEY by default), after
 * checking its shape on the server: a secret key or webhook secret configured by mistake throws
 * (without repeating it) instead of reaching the HTML.
 *
 * @example
 * res.render("verify", { publishableKey: readPublishableKey() });
 */
export function readPublishableKey(value?: string | undefined, label = SESSION_LABEL): string {
  return relabelled(() => checkPublishableKey(value), label);
}

function checkPublishableKey(value: string | undefined): string {
  const key = value ?? readEnv("CREDPORT_PUBLISHABLE_KEY");
  const name = value === undefined ? "CREDPORT_PUBLISHABLE_KEY" : "the publishable key";
  if (!key)
    throw configurationError(
      `${name} is not set: set it to your publishable key (pk_test_… or pk_live_…).`,
      "missing_api_key",
    );
  if (/^\s*sk_/.test(key))
    throw configurationError(
      `${name} holds a secret key (sk_…); it was not sent to the browser. Roll that secret key now and use the publishable key (pk_…).`,
      "INVALID_API_KEY_FORMAT",
    );
  if (/^\s*whsec_/.test(key))
    throw configurationError(
      `${name} holds a webhook secret (whsec_…); use the publishable key (pk_…).`,
      "INVALID_API_KEY_FORMAT",
    );
  try {
    parsePublishableKey(key);
  } catch {
    throw configurationError(
      `${name} is not a publishable key: expected pk_test_ or pk_live_ followed by at least 24 letters or digits, without whitespace.`,
      "INVALID_API_KEY_FORMAT",
    );
  }
  return key;
}
