import { CredportInvalidResponseError } from "@credport/core";

/** What the app's backend answers at `startUrl`. */
export interface StartedVerification {
  verificationId: string;
  clientToken: string;
  expiresAt: string;
  authorizationRequestUri: string;
  /**
   * Test environments of the Credport emulator only: its test wallet page for this verification
   * (`test_wallet_url` of `verifications.create`), to open in a browser instead of scanning.
   */
  testWalletUrl?: string;
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
  const invalid = (name: string, rule: string) =>
    new CredportInvalidResponseError(
      `credport: ${source} answered without a valid ${name} (${rule}); it must pass on what verifications.create returned: { verificationId, clientToken, expiresAt, authorizationRequestUri, testWalletUrl? }.`,
      { code: "invalid_start_response", details: { field: name } },
    );
  for (const [name, ...aliases] of FIELDS) {
    const value = [name, ...aliases].map((key) => data[key]).find((v) => v !== undefined);
    if (
      typeof value !== "string" ||
      value === "" ||
      (name === "expiresAt" && Number.isNaN(Date.parse(value)))
    ) {
      throw invalid(name, name === "expiresAt" ? "an ISO date" : "a non-empty string");
    }
    started[name] = value;
  }
  // Optional; it becomes a link's href, so nothing but an http(s) URL.
  const testWalletUrl = data.testWalletUrl ?? data.test_wallet_url;
  if (testWalletUrl != null) {
    if (typeof testWalletUrl !== "string" || !/^https?:\/\/[^\s]+$/i.test(testWalletUrl))
      throw invalid("testWalletUrl", "absent, or an http(s) URL");
    started.testWalletUrl = testWalletUrl;
  }
  return started as unknown as StartedVerification;
}
