import { CredportInvalidResponseError } from "@credport/core";
import type { DcApiRequest } from "./dc-api.js";
import { isWalletLink } from "./wallet-link.js";

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
  /**
   * The Digital Credentials API requests (`dcApiRequests` of `verifications.create` with
   * `expectedOrigins`), for `navigator.credentials.get()` in the user's click. Absent: QR and link only.
   */
  dcApiRequests?: DcApiRequest[];
}

// Both links become hrefs: a script URL there would run in the app's origin when clicked.
const WALLET_LINK_RULE =
  "a wallet link: openid4vp:, openid-credential-offer:, haip-vp:, haip-vci: or http(s):";
const nonEmpty = (value: unknown) => typeof value === "string" && value !== "";
const isoDate = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** Each field: its name, the wire names it may also come under, its rule and the rule's check. */
const FIELDS: [string, string[], string, (value: unknown) => boolean][] = [
  ["verificationId", ["verification_id", "id"], "a non-empty string", nonEmpty],
  ["clientToken", ["client_token"], "a non-empty string", nonEmpty],
  ["expiresAt", ["expires_at"], "an ISO date", isoDate],
  ["authorizationRequestUri", ["authorization_request_uri"], WALLET_LINK_RULE, isWalletLink],
];

/**
 * Checks the start endpoint's answer (camelCase or snake_case) before anything is read with it, and
 * names the first field that is missing or malformed.
 */
export function readStartAnswer(answer: unknown, source: string): StartedVerification {
  const data = (answer ?? {}) as Record<string, unknown>;
  const started: Record<string, unknown> = {};
  const invalid = (name: string, rule: string) =>
    new CredportInvalidResponseError(
      `credport: ${source} answered without a valid ${name} (${rule}); it must pass on what verifications.create returned: { verificationId, clientToken, expiresAt, authorizationRequestUri, testWalletUrl? }.`,
      { code: "invalid_start_response", details: { field: name } },
    );
  for (const [name, aliases, rule, check] of FIELDS) {
    const value = [name, ...aliases].map((key) => data[key]).find((v) => v !== undefined);
    if (!check(value)) throw invalid(name, rule);
    started[name] = value as string;
  }
  const testWalletUrl = data.testWalletUrl ?? data.test_wallet_url;
  if (testWalletUrl != null) {
    if (!isWalletLink(testWalletUrl))
      throw invalid("testWalletUrl", `absent, or ${WALLET_LINK_RULE}`);
    started.testWalletUrl = testWalletUrl;
  }
  const requests = data.dcApiRequests ?? data.dc_api_requests;
  if (requests != null) {
    if (!Array.isArray(requests) || !requests.every(isDcApiRequest))
      throw invalid("dcApiRequests", "absent, or a list of { protocol, data } with data an object");
    started.dcApiRequests = requests;
  }
  return started as unknown as StartedVerification;
}

const isDcApiRequest = (r: unknown): r is DcApiRequest =>
  nonEmpty((r as DcApiRequest)?.protocol) &&
  typeof (r as DcApiRequest).data === "object" &&
  (r as DcApiRequest).data !== null &&
  !Array.isArray((r as DcApiRequest).data);
