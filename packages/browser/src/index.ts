export {
  CredportConfigurationError,
  CredportConnectionError,
  CredportError,
  type CredportErrorCode,
  type CredportErrorType,
  CredportInvalidResponseError,
  CredportInvalidTokenError,
  CredportKeyMismatchError,
  CredportMissingTokenError,
  type FailureCode,
  isCredportError,
  type KnownCredportError,
} from "@credport/core";
export type { DcApiPhase, DcApiRequest } from "./dc-api.js";
export { isActivePhase, isOpenPhase, isUnsuccessfulPhase } from "./flow-phase.js";
export type { StatusSnapshot } from "./snapshot.js";
export type { StartedVerification } from "./start-answer.js";
export {
  createStatusClient,
  type EndpointConfig,
  type StatusClient,
  type StatusClientOptions,
  type SubscribeOptions,
  type SubscribeTarget,
} from "./status-client.js";
export type { ReadResult, StatusTarget } from "./status-endpoint.js";
export type { SubscriptionTiming } from "./subscription.js";
export type { ChannelLike, Coordination, LockManagerLike } from "./tab-coordination.js";
export {
  createVerificationFlow,
  type FlowPhase,
  type FlowState,
  type PresentOptions,
  type StartParams,
  type VerificationFlow,
  type VerificationFlowOptions,
} from "./verification-flow.js";
export type { Visibility } from "./visibility.js";
export { isWalletLink } from "./wallet-link.js";
