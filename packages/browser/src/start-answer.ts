import { CredportInvalidResponseError } from "@credport/core";

/** What the app's backend answers at `startUrl`. */
export interface StartedVerification {
  verificationId: string;
  clientToken: string;
  expiresAt: string;
  authorizationRequestUri: string;
}

const FIELDS = [
  ["verificationId", "verification_id", "id"],
  ["clientToken", "client_token"],
  ["expiresAt", "expires_at"],
  ["authorizationRequestUri", "authorization_request_uri"],
] as const;

/**
 * Checks the start endpoint's answer (camelCase or snake_case) before anything is read with it, and
 * names the first field that is missing or malformed.
 */
export function readStartAnswer(answer: unknown, source: string): StartedVerification {
  const data = (answer ?? {}) as Record<string, unknown>;
  const started: Record<string, string> = {};
  for (const [name, ...aliases] of FIELDS) {
    const value = [name, ...aliases].map((key) => data[key]).find((v) => v !== undefined);
    if (
      typeof value !== "string" ||
      value === "" ||
      (name === "expiresAt" && Number.isNaN(Date.parse(value)))
    ) {
      throw new CredportInvalidResponseError(
        `credport: ${source} answered without a valid ${name} (${name === "expiresAt" ? "an ISO date" : "a non-empty string"}); it must pass on what verifications.create returned: { verificationId, clientToken, expiresAt, authorizationRequestUri }.`,
        { code: "invalid_start_response", details: { field: name } },
      );
    }
    started[name] = value;
  }
  return started as unknown as StartedVerification;
}
