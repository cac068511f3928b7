export {
  CredportError,
  CredportInvalidTokenError,
  CredportKeyMismatchError,
  CredportMissingTokenError,
} from "./errors.js";
export type { StatusSnapshot } from "./snapshot.js";
export {
  createStatusClient,
  type StatusClient,
  type StatusClientOptions,
  type SubscribeOptions,
  type SubscribeTarget,
  type Subscription,
} from "./status-client.js";
export type { ReadResult, StatusTarget } from "./status-endpoint.js";
export type { SubscriptionTiming } from "./subscription.js";
export type { ChannelLike, Coordination, LockManagerLike } from "./tab-coordination.js";
export {
  createVerificationFlow,
  type FlowPhase,
  type FlowState,
  type StartedVerification,
  type StartParams,
  type VerificationFlow,
  type VerificationFlowOptions,
} from "./verification-flow.js";
export type { Visibility } from "./visibility.js";
