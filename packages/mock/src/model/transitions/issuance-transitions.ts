import type { Transition } from "./state-machine.js";

export type IssuanceStatus =
  | "offer_created"
  | "ready_to_issue"
  | "token_issued"
  | "credential_issued"
  | "canceled"
  | "expired"
  | "failed";

export type IssuanceTrigger =
  | "offer_fetched"
  | "token_accepted"
  | "credential_returned"
  | "cancel"
  | "expire"
  | "tx_code_exhausted"
  | "revoke";

const OPEN: IssuanceStatus[] = ["offer_created", "ready_to_issue", "token_issued"];
const ENDED: IssuanceStatus[] = ["credential_issued", "canceled", "expired", "failed"];

/**
 * Issuance transitions, row by row as in api-decisions.md ("Issuance"). Creation (→ offer_created)
 * happens in `Issuance.createOffer`. `token_accepted` is the token endpoint accepting either grant:
 * the pre-authorized code, or (haip) an authorization code; PAR and the authorization endpoint
 * change no state, so both flows pass through the same states with the same webhooks. Every row that changes the status also sends a webhook.
 * A wrong tx_code is counted by the model; the third one fires `tx_code_exhausted`. A refused
 * proof changes nothing: the wallet may send a corrected credential request with the same access
 * token until it expires (OpenID4VCI 1.0 §8.3.1.2), so there is no row for it.
 */
export const ISSUANCE_TRANSITIONS: readonly Transition<IssuanceStatus, IssuanceTrigger>[] = [
  { from: ["offer_created"], trigger: "offer_fetched", to: "ready_to_issue" },
  { from: ["ready_to_issue"], trigger: "token_accepted", to: "token_issued" },
  { from: ["token_issued"], trigger: "credential_returned", to: "credential_issued" },
  { from: OPEN, trigger: "cancel", to: "canceled" },
  { from: OPEN, trigger: "expire", to: "expired" },
  { from: ["ready_to_issue", "token_issued"], trigger: "tx_code_exhausted", to: "failed" },
  { from: ENDED, trigger: "cancel", error: { status: 409, code: "issuance_not_cancelable" } },
  // Revocation leaves the status alone: credentialStatus becomes revoked and revokedAt is set.
  { from: ["credential_issued"], trigger: "revoke", to: "credential_issued" },
];

export const ISSUANCE_TERMINAL: readonly IssuanceStatus[] = ENDED;
