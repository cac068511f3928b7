import { readEnv } from "@credport/core";
import { createKeyring, type Keyring } from "../cookies/keyring.js";
import { configurationError } from "../environment.js";

const HOW = "at least 32 random bytes, e.g. `openssl rand -base64 32`";

/**
 * The configured session secrets, newest first: the option, or CREDPORT_SESSION_SECRET. Refuses
 * what is missing, short or repeated, naming the entry and never repeating its value.
 */
export function sessionSecrets(option: string | string[] | undefined): string[] {
  const fromEnv = readEnv("CREDPORT_SESSION_SECRET");
  const secrets = option === undefined ? (fromEnv ? [fromEnv] : []) : [option].flat();
  if (secrets.length === 0) {
    throw configurationError(
      `no session secret. Set CREDPORT_SESSION_SECRET (or pass sessionSecret) to ${HOW}.`,
      "missing_session_secret",
    );
  }
  const name = (i: number) =>
    option === undefined
      ? "CREDPORT_SESSION_SECRET"
      : Array.isArray(option)
        ? `sessionSecret[${i}]`
        : "sessionSecret";
  secrets.forEach((secret, i) => {
    if (typeof secret !== "string" || secret.length < 32)
      throw configurationError(`${name(i)} is too short: it must be ${HOW}.`);
    const first = secrets.indexOf(secret);
    if (first !== i)
      throw configurationError(
        `${name(i)} is the same secret as ${name(first)}; list each secret once.`,
      );
  });
  return secrets;
}

const keyrings = new Map<string, Keyring>();

/** The keyring of these secrets (or CREDPORT_SESSION_SECRET), derived once per process. */
export function sessionKeyring(option: string | string[] | undefined): Keyring {
  const secrets = sessionSecrets(option);
  const id = secrets.join("\u0000");
  let keyring = keyrings.get(id);
  if (!keyring) {
    keyring = createKeyring(secrets);
    keyrings.set(id, keyring);
  }
  return keyring;
}
