/**
 * `@credport/mock/engine`: the parts of the mock that `@credport/emulator` builds on — the records
 * its pages show and save, the request plumbing its node:http transport shares with the router, the
 * hand-off links, the inputs its dashboard accepts. For the emulator only: it is released in
 * lockstep with the mock and depends on the exact same version, so these names carry no promise
 * beyond that version. Tests and apps use the main entry (`createHandlers`, `createModel`…) and
 * `@credport/mock/wallet`.
 *
 * @packageDocumentation
 */

export {
  handOverDcApiAnswer,
  verificationOfDcApiNonce,
} from "./channels/dc-api/dc-api-response.js";
export { clockAdvanceBody, webhookBody } from "./http/control-plane-schemas.js";
export {
  authorizationRequestUri,
  offerUri,
  TEST_WALLET_PATH,
  testWalletUrl,
  testWalletUrlOf,
  verifierClientId,
} from "./http/handoff-uris.js";
export { requestTooLarge } from "./http/incoming.js";
export { errorReply, newRequestId, toModelError } from "./http/responses.js";
export { ChangeFeed } from "./model/change-feed.js";
export type { DefinitionRecord } from "./model/definition-record.js";
export { GLOBAL_DEFINITIONS } from "./model/global-definitions.js";
export { randomToken } from "./model/ids.js";
export type { IssuanceRecord } from "./model/issuance-record.js";
export type { KeyRecord, Tenant } from "./model/keys.js";
export { parseInput } from "./model/parse-input.js";
export { POLICY_PRESETS } from "./model/policy-presets.js";
export type { PolicyRecord } from "./model/policy-record.js";
export type {
  DcApiAnswerTranscript,
  VerificationRecord,
} from "./model/verification-record.js";
export type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventRecord,
} from "./model/webhook-records.js";
export { TAMPERS } from "./wallet/tamper.js";
