// index.d.ts
import { FailureCode, CredportError } from '@credport/core';
export { CredportConfigurationError, CredportConnectionError, CredportError, CredportErrorCode, CredportErrorType, CredportInvalidResponseError, CredportInvalidTokenError, CredportKeyMismatchError, CredportMissingTokenError, FailureCode, KnownCredportError, isCredportError } from '@credport/core';
interface DcApiRequest {
    protocol: string;
    data: Record<string, unknown>;
}
type DcApiPhase = "unsupported" | "blocked" | "ready" | "presenting" | "submitting" | "submitted" | "declined" | "wallet_error" | "aborted" | "failed";
type FlowPhase = "idle" | "starting" | "pending" | "in_progress" | "finalizing" | "verified" | "failed" | "expired" | "canceled" | "timeout" | "error";
declare const isOpenPhase: (phase: FlowPhase) => boolean;
declare const isActivePhase: (phase: FlowPhase) => boolean;
declare const isUnsuccessfulPhase: (phase: FlowPhase) => boolean;
interface StatusSnapshot {
    id: string;
    status: "pending" | "in_progress" | "verified" | "failed" | "expired" | "canceled";
    failureCode?: FailureCode;
    expiresAt: string;
}
interface StartedVerification {
    verificationId: string;
    clientToken: string;
    expiresAt: string;
    authorizationRequestUri: string;
    testWalletUrl?: string;
    dcApiRequests?: DcApiRequest[];
}
interface StatusTarget {
    verificationId: string;
    clientToken: string;
}
interface EndpointConfig {
    baseUrl: string;
    publishableKey: string;
    fetch: typeof fetch;
}
type ReadResult = {
    data: StatusSnapshot;
    error?: undefined;
} | {
    data?: undefined;
    error: CredportError;
    retryAfterMs?: number;
};
interface Visibility {
    isHidden(): boolean;
    onChange(listener: () => void): () => void;
}
interface SubscriptionTiming {
    pollIntervalMs: number;
    maxPollIntervalMs: number;
    requestTimeoutMs: number;
    defaultCeilingMs: number;
    realtimeIdleTimeoutMs: number;
}
interface StatusClientOptions {
    publishableKey: string;
    baseUrl: string;
    fetch?: typeof fetch | undefined;
    transport?: "auto" | "polling" | undefined;
    timing?: Partial<SubscriptionTiming> | undefined;
    visibility?: Visibility | undefined;
}
interface SubscribeTarget extends StatusTarget {
    expiresAt?: string;
}
interface SubscribeOptions {
    onError?: ((error: CredportError) => void) | undefined;
    onTimeout?: (() => void) | undefined;
}
interface StatusClient {
    subscribe(target: SubscribeTarget, onSnapshot: (snapshot: StatusSnapshot) => void, options?: SubscribeOptions): () => void;
    read(target: StatusTarget): Promise<ReadResult>;
    readonly endpoint: EndpointConfig;
}
declare function createStatusClient(options: StatusClientOptions): StatusClient;
interface LockManagerLike {
    request(name: string, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}
interface ChannelLike {
    postMessage(message: unknown): void;
    addEventListener(type: "message", listener: (event: {
        data: unknown;
    }) => void): void;
    close(): void;
}
interface Coordination {
    locks: LockManagerLike;
    openChannel(name: string): ChannelLike;
}
interface StartParams {
    policyId: string;
    customerUserRef?: string;
    metadata?: Record<string, string>;
    provider?: string;
}
interface FlowState {
    phase: FlowPhase;
    verificationId?: string;
    authorizationRequestUri?: string;
    testWalletUrl?: string;
    expiresAt?: string;
    failureCode?: FailureCode;
    error?: CredportError;
    dcApi?: DcApiPhase;
    walletError?: string;
}
interface PresentOptions {
    signal?: AbortSignal | undefined;
}
interface VerificationFlowOptions {
    statusClient: StatusClient;
    startUrl: string;
    sessionUrl?: string | undefined;
    sessionMode?: "library" | "manual" | undefined;
    fetch?: typeof fetch | undefined;
    coordination?: Coordination | undefined;
}
interface VerificationFlow {
    start(params: StartParams): Promise<FlowState>;
    attach(verification: StartedVerification): void;
    getSnapshot(): FlowState;
    subscribe(listener: () => void): () => void;
    reset(): void;
    present(options?: PresentOptions): Promise<FlowState>;
}
declare function createVerificationFlow(options: VerificationFlowOptions): VerificationFlow;
declare function isWalletLink(value: unknown): value is string;
export { type ChannelLike, type Coordination, type DcApiPhase, type DcApiRequest, type EndpointConfig, type FlowPhase, type FlowState, type LockManagerLike, type PresentOptions, type ReadResult, type StartParams, type StartedVerification, type StatusClient, type StatusClientOptions, type StatusSnapshot, type StatusTarget, type SubscribeOptions, type SubscribeTarget, type SubscriptionTiming, type VerificationFlow, type VerificationFlowOptions, type Visibility, createStatusClient, createVerificationFlow, isActivePhase, isOpenPhase, isUnsuccessfulPhase, isWalletLink };
