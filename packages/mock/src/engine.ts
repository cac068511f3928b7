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
  handOverDcApiAnswerOf as handOverDcApiAnswer,
  verificationOfAnnexCRequest,
  verificationOfDcApiNonce,
} from "./dc-api-hand-over.js";
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
export { GLOBAL_DEFINITIONS } from "./model/global-definitions.js";
export { ChangeFeed } from "./model/infrastructure/change-feed.js";
export { randomToken } from "./model/infrastructure/ids.js";
export { parseInput } from "./model/infrastructure/parse-input.js";
export type { KeyRecord, Tenant } from "./model/keys.js";
export { POLICY_PRESETS } from "./model/policy-presets.js";
export type { DefinitionRecord } from "./model/records/definition-record.js";
export type { IssuanceRecord } from "./model/records/issuance-record.js";
export type { PolicyRecord } from "./model/records/policy-record.js";
export type {
  DcApiAnswerTranscript,
  VerificationRecord,
} from "./model/records/verification-record.js";
export type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventRecord,
} from "./model/records/webhook-records.js";
export { OPEN_ISSUANCE_STATUSES } from "./model/transitions/issuance-transitions.js";
export { OPEN_VERIFICATION_STATUSES } from "./model/transitions/verification-transitions.js";
export { TAMPERS } from "./wallet/formats/sd-jwt-vc/tamper.js";
