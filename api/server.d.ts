// index.d.ts
import { RequestPipeline, BackoffOptions } from '@credport/core';
export { CREDPORT_ERROR_CODES, CredportAPIError, CredportAuthenticationError, CredportConfigurationError, CredportConflictError, CredportConnectionError, CredportError, CredportErrorCode, CredportErrorType, CredportInvalidResponseError, CredportLogger, CredportNotFoundError, CredportPermissionError, CredportRateLimitError, CredportSignatureVerificationError, CredportTimeoutError, CredportValidationError, INVALID_API_KEY_FORMAT, KnownCredportError, LogFields, isCredportError, isCredportErrorCode, signWebhookPayload } from '@credport/core';
import { ClientTelemetry } from '@credport/core/pipeline';
export { ClientTelemetry } from '@credport/core/pipeline';
import { LifecycleStatus, IssuanceStatus, FailureDetail, FieldValue, VerificationStatusValue, TimelineEntry, FailureCode, WebhookEventWire } from '@credport/core/contract';
export { FailureCheck, FailureCode, FailureDetail, IssuanceStatus, KnownFailureCheck, LifecycleStatus, TimelineEntry, TimelineStep, VerificationStatusValue } from '@credport/core/contract';
import { S as StateStore } from './state-store.js';
export { a as STATE_STORE_UNAVAILABLE, b as StateCount, s as stateStoreUnavailable } from './state-store.js';
interface ClaimDisplay {
    name: string;
    locale?: string | undefined;
}
interface ClaimEntry {
    path: string[];
    mandatory?: boolean | undefined;
    display?: ClaimDisplay[] | undefined;
}
interface CredentialDefinitionClaim {
    path: string[];
    mandatory: boolean;
    display?: ClaimDisplay[] | undefined;
}
interface CredentialDefinition {
    object: "credential_definition";
    credentialDefinitionId: string;
    vct: string | null;
    format: string;
    doctype?: string | null | undefined;
    title: string | null;
    aliases: string[];
    rendering: Record<string, unknown> | null;
    claims: CredentialDefinitionClaim[];
    lifecycleStatus: LifecycleStatus;
    metadata: unknown;
    global: boolean;
    createdAt: string;
    updatedAt: string;
}
interface CredentialDefinitionUpdate {
    vct?: string | null | undefined;
    format?: string | undefined;
    doctype?: string | null | undefined;
    title?: string | null | undefined;
    aliases?: string[] | undefined;
    rendering?: Record<string, unknown> | null | undefined;
    claims?: ClaimEntry[] | undefined;
    metadata?: unknown;
}
interface CredentialDefinitionInput extends CredentialDefinitionUpdate {
    credentialDefinitionId: string;
}
interface IssuanceSession {
    object: "openid4vc_issuance";
    id: string;
    status: IssuanceStatus;
    failureDetail?: FailureDetail | undefined;
    credentialDefinitionId: string;
    issuanceMode: "InTime";
    metadata: Record<string, string>;
    credentialStatus?: "active" | "revoked" | undefined;
    revokedAt?: string | undefined;
    createdAt: string;
    updatedAt: string;
    expiresAt: string;
    livemode: boolean;
}
interface IssuanceOffer extends IssuanceSession {
    offerUri: string;
    offerQrUri: string;
    txCode?: string | undefined;
    testWalletUrl?: string | undefined;
}
type CreateOfferInput = {
    claims: Record<string, unknown>;
    metadata?: Record<string, string> | undefined;
    issuanceMode?: "InTime" | undefined;
    txCode?: {
        length?: number | undefined;
    } | undefined;
} & ({
    credentialDefinitionId: string;
    vct?: never;
} | {
    vct: string;
    credentialDefinitionId?: never;
});
interface PolicyField {
    path: string[];
    values?: FieldValue[] | undefined;
}
interface Policy {
    object: "policy";
    policyId: string;
    name: string;
    status: "active" | "archived";
    preset: boolean;
    credentialDefinitionId?: string | undefined;
    vct: string;
    fields: PolicyField[];
    createdAt: string;
}
type CreatePolicyInput = {
    name: string;
    fields: PolicyField[];
} & ({
    credentialDefinitionId: string;
    vct?: never;
} | {
    vct: string;
    credentialDefinitionId?: never;
});
interface CreateVerificationInput {
    policyId: string;
    customerUserRef?: string | null | undefined;
    metadata?: Record<string, string> | undefined;
    expectedOrigins?: string[] | undefined;
}
interface DcApiRequest {
    protocol: string;
    data: Record<string, unknown>;
}
interface DcApiResponse {
    protocol: string;
    data: Record<string, unknown>;
}
interface Verification {
    object: "verification";
    id: string;
    status: VerificationStatusValue;
    failureCode?: string | undefined;
    failureDetail?: FailureDetail | undefined;
    policyId: string;
    customerUserRef: string | null;
    metadata: Record<string, string>;
    expiresAt: string;
    createdAt: string;
    updatedAt: string;
    livemode: boolean;
}
interface CreatedVerification extends Verification {
    clientToken: string;
    authorizationRequestUri: string;
    testWalletUrl?: string | undefined;
    dcApiRequests?: DcApiRequest[] | undefined;
}
interface VerificationStatus {
    object: "verification_status";
    id: string;
    status: VerificationStatusValue;
    failureCode?: string | undefined;
    expiresAt: string;
}
interface VerificationResult {
    object: "verification_result";
    verificationId: string;
    status: VerificationStatusValue;
    failureCode?: string | undefined;
    failureDetail?: FailureDetail | undefined;
    policyId: string;
    customerUserRef: string | null;
    claims: Record<string, unknown>;
    resultToken: string;
}
interface Timeline {
    object: "list";
    data: TimelineEntry[];
}
interface RequestOptions {
    signal?: AbortSignal | undefined;
    timeoutMs?: number | undefined;
    maxRetries?: number | undefined;
}
interface WriteOptions extends RequestOptions {
    idempotencyKey?: string | undefined;
}
interface ListParams extends RequestOptions {
    limit?: number | undefined;
    cursor?: string | undefined;
}
type ClaimValue = string | number | boolean | null;
type ClaimRequirements = Readonly<Record<string, ClaimValue>> | ((claims: Record<string, unknown>, context: {
    policyId: string;
}) => boolean | Promise<boolean>);
declare const PRESET_CLAIM_REQUIREMENTS: Readonly<Record<string, Readonly<Record<string, ClaimValue>>>>;
interface ClaimsResult {
    status: VerificationStatusValue;
    failureCode?: FailureCode | undefined;
    policyId: string;
    claims: Record<string, unknown>;
}
declare function requireClaims<T extends ClaimsResult>(result: T, requirements?: ClaimRequirements): Promise<T>;
interface WebhookEventStore {
    remember(eventId: string, ttlSeconds: number): boolean | Promise<boolean>;
    forget?(eventId: string): void | Promise<void>;
}
interface MemoryWebhookEventStoreOptions {
    maxEntries?: number | undefined;
    now?: (() => number) | undefined;
}
declare const webhookEventKey: (eventId: string, scope?: string) => string;
declare function webhookEventScope(secret: string): Promise<string>;
declare function webhookEventStoreOver(store: StateStore, options?: {
    secret?: string | undefined;
}): WebhookEventStore;
declare const WEBHOOK_EVENT_IN_PROGRESS_SECONDS = 600;
type WebhookEventClaim = "first" | "in_progress" | "done";
interface WebhookEventLedger {
    claim(eventId: string): Promise<WebhookEventClaim>;
    done(eventId: string): Promise<void>;
    release(eventId: string): Promise<void>;
}
declare function webhookEventLedger(store: StateStore | WebhookEventStore, options: {
    secret: string;
    doneSeconds: number;
}): WebhookEventLedger;
declare function createMemoryWebhookEventStore(options?: MemoryWebhookEventStoreOptions): WebhookEventStore;
declare const WEBHOOK_SIGNATURE_HEADER = "Webhook-Signature";
declare const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;
declare const DEFAULT_WEBHOOK_EVENT_TTL_SECONDS: number;
declare const DEFAULT_WEBHOOK_MAX_BODY_BYTES = 1048576;
type IssuanceWebhookEvent = Extract<WebhookEventWire, {
    type: `issuance.${string}`;
}>;
type VerificationWebhookEvent = Omit<Extract<WebhookEventWire, {
    type: `verification.${string}`;
}>, "data"> & {
    data: {
        object: Verification;
    };
};
type WebhookEvent = IssuanceWebhookEvent | VerificationWebhookEvent;
interface WebhookVerifyOptions {
    secret?: string | undefined;
    toleranceSeconds?: number | undefined;
    now?: number | undefined;
    stateStore?: StateStore | undefined;
    eventStore?: WebhookEventStore | undefined;
    eventTtlSeconds?: number | undefined;
    maxBodyBytes?: number | undefined;
}
type WebhookInput = Request | {
    payload: string | Uint8Array;
    signature: string | null | undefined;
};
declare function verifyWebhook(input: WebhookInput, options?: WebhookVerifyOptions): Promise<WebhookEvent>;
interface ToArrayOptions {
    limit: number;
}
declare class Page<T> implements AsyncIterable<T> {
    readonly data: T[];
    readonly hasMore: boolean;
    readonly nextCursor: string | null;
    private readonly fetchNext;
    constructor(data: T[], hasMore: boolean, nextCursor: string | null, fetchNext: (cursor: string) => Promise<Page<T>>);
    nextPage(): Promise<Page<T> | null>;
    [Symbol.asyncIterator](): AsyncIterator<T>;
    toArray(options: ToArrayOptions): Promise<T[]>;
}
type PagePromise<T> = Promise<Page<T>> & AsyncIterable<T> & {
    toArray(options: ToArrayOptions): Promise<T[]>;
};
declare class CredentialDefinitions {
    private readonly pipeline;
    constructor(pipeline: RequestPipeline);
    create(input: CredentialDefinitionInput, options?: WriteOptions): Promise<CredentialDefinition>;
    createDraft(input: CredentialDefinitionInput, options?: WriteOptions): Promise<CredentialDefinition>;
    get(credentialDefinitionId: string, options?: RequestOptions): Promise<CredentialDefinition>;
    update(credentialDefinitionId: string, changes: CredentialDefinitionUpdate, options?: RequestOptions): Promise<CredentialDefinition>;
    publish(credentialDefinitionId: string, options?: WriteOptions): Promise<CredentialDefinition>;
    archive(credentialDefinitionId: string, options?: WriteOptions): Promise<CredentialDefinition>;
    list(params?: ListParams & {
        lifecycleStatus?: LifecycleStatus | undefined;
    }): PagePromise<CredentialDefinition>;
    private send;
}
declare class Issuance {
    private readonly pipeline;
    constructor(pipeline: RequestPipeline);
    createOffer(input: CreateOfferInput, options?: WriteOptions): Promise<IssuanceOffer>;
    get(issuanceId: string, options?: RequestOptions): Promise<IssuanceSession>;
    cancel(issuanceId: string, options?: WriteOptions): Promise<IssuanceSession>;
    revoke(issuanceId: string, options?: WriteOptions): Promise<IssuanceSession>;
    list(params?: ListParams & {
        status?: IssuanceStatus | undefined;
    }): PagePromise<IssuanceSession>;
    timeline(issuanceId: string, options?: RequestOptions): Promise<Timeline>;
    private send;
}
declare class Policies {
    private readonly pipeline;
    constructor(pipeline: RequestPipeline);
    create(input: CreatePolicyInput, options?: WriteOptions): Promise<Policy>;
    get(policyId: string, options?: RequestOptions): Promise<Policy>;
    list(params?: ListParams): PagePromise<Policy>;
    archive(policyId: string, options?: WriteOptions): Promise<Policy>;
    private send;
}
declare class Verifications {
    private readonly pipeline;
    constructor(pipeline: RequestPipeline);
    create(input: CreateVerificationInput, options?: WriteOptions): Promise<CreatedVerification>;
    get(verificationId: string, options?: RequestOptions): Promise<Verification>;
    getStatus(verificationId: string, options?: RequestOptions): Promise<VerificationStatus>;
    getResult(verificationId: string, options?: RequestOptions): Promise<VerificationResult>;
    submitDcApiResponse(verificationId: string, credential: DcApiResponse, options?: WriteOptions): Promise<VerificationStatus>;
    cancel(verificationId: string, options?: WriteOptions): Promise<Verification>;
    list(params?: ListParams & {
        status?: VerificationStatusValue | undefined;
    }): PagePromise<Verification>;
    timeline(verificationId: string, options?: RequestOptions): Promise<Timeline>;
    private send;
}
interface CredportOptions {
    secretKey?: string | undefined;
    baseUrl?: string | undefined;
    timeoutMs?: number | undefined;
    maxRetries?: number | undefined;
    backoff?: BackoffOptions | undefined;
    maxResponseBytes?: number | undefined;
    fetch?: typeof fetch | undefined;
    telemetry?: ClientTelemetry | undefined;
}
declare class Credport {
    readonly baseUrl: string;
    readonly credentialDefinitions: CredentialDefinitions;
    readonly issuance: Issuance;
    readonly policies: Policies;
    readonly verifications: Verifications;
    readonly webhooks: {
        verify: (input: WebhookInput, options?: WebhookVerifyOptions) => Promise<WebhookEvent>;
    };
    constructor(options?: CredportOptions);
}
interface JsonWebKeySet {
    keys: (JsonWebKey & {
        kid?: string | undefined;
    })[];
}
declare function parseJwks(value: unknown, source: string): JsonWebKeySet;
declare const RESULT_TOKEN_TYPE = "credport-result+jwt";
interface VerifyResultTokenOptions {
    verificationId: string;
    policyId?: string | undefined;
    customerUserRef?: string | null | undefined;
    baseUrl?: string | undefined;
    issuer?: string | undefined;
    audience?: string | undefined;
    jwks?: JsonWebKeySet | string | undefined;
    environment?: "test" | "live" | undefined;
    clockToleranceSeconds?: number | undefined;
}
interface VerifiedResultToken {
    verificationId: string;
    status: VerificationStatusValue;
    failureCode?: FailureCode;
    failureDetail?: FailureDetail;
    policyId: string;
    customerUserRef: string | null;
    claims: Record<string, unknown>;
    issuer: string;
    audience: string;
    issuedAt: number;
    expiresAt: number;
}
declare function verifyResultToken(token: string, options: VerifyResultTokenOptions): Promise<VerifiedResultToken>;
interface MemoryStateStoreOptions {
    maxEntries?: number | undefined;
    now?: (() => number) | undefined;
}
declare function createMemoryStateStore(options?: MemoryStateStoreOptions): StateStore;
interface GetVerifiedResultOptions extends Omit<VerifyResultTokenOptions, "verificationId">, RequestOptions {
    requireClaims?: ClaimRequirements | undefined;
}
declare function getVerifiedResult(credport: Credport, verificationId: string, options?: GetVerifiedResultOptions): Promise<VerifiedResultToken>;
export { type ClaimDisplay, type ClaimEntry, type ClaimRequirements, type ClaimValue, type ClaimsResult, type CreateOfferInput, type CreatePolicyInput, type CreateVerificationInput, type CreatedVerification, type CredentialDefinition, type CredentialDefinitionClaim, type CredentialDefinitionInput, type CredentialDefinitionUpdate, Credport, type CredportOptions, DEFAULT_WEBHOOK_EVENT_TTL_SECONDS, DEFAULT_WEBHOOK_MAX_BODY_BYTES, DEFAULT_WEBHOOK_TOLERANCE_SECONDS, type DcApiRequest, type DcApiResponse, type GetVerifiedResultOptions, type IssuanceOffer, type IssuanceSession, type IssuanceWebhookEvent, type JsonWebKeySet, type ListParams, type MemoryStateStoreOptions, type MemoryWebhookEventStoreOptions, PRESET_CLAIM_REQUIREMENTS, Page, type PagePromise, type Policy, type PolicyField, RESULT_TOKEN_TYPE, type RequestOptions, StateStore, type Timeline, type ToArrayOptions, type Verification, type VerificationResult, type VerificationStatus, type VerificationWebhookEvent, type VerifiedResultToken, type VerifyResultTokenOptions, WEBHOOK_EVENT_IN_PROGRESS_SECONDS, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent, type WebhookEventClaim, type WebhookEventLedger, type WebhookEventStore, type WebhookInput, type WebhookVerifyOptions, type WriteOptions, createMemoryStateStore, createMemoryWebhookEventStore, getVerifiedResult, parseJwks, requireClaims, verifyResultToken, verifyWebhook, webhookEventKey, webhookEventLedger, webhookEventScope, webhookEventStoreOver };
// redis.d.ts
import { S as StateStore, b as StateCount } from './state-store.js';
import '@credport/core';
interface RedisCommandClient {
    sendCommand<T = unknown>(args: ReadonlyArray<string>, options?: {
        abortSignal?: AbortSignal;
    }): Promise<T>;
}
interface RedisStateStoreOptions {
    client?: RedisCommandClient | undefined;
    url?: string | undefined;
    prefix?: string | undefined;
    timeoutMs?: number | undefined;
    onError?: ((error: unknown) => void) | undefined;
    assumeNoEviction?: boolean | undefined;
}
interface RedisStateStore extends StateStore {
    rememberOnce(key: string, ttlSeconds: number): Promise<boolean>;
    markDone(key: string, ttlSeconds: number): Promise<void>;
    isDone(key: string): Promise<boolean>;
    increment(key: string, windowSeconds: number): Promise<StateCount>;
    delete(key: string): Promise<void>;
    close(): Promise<void>;
}
declare function createRedisStateStore(options?: RedisStateStoreOptions): RedisStateStore;
export { type RedisCommandClient, type RedisStateStore, type RedisStateStoreOptions, createRedisStateStore };
// state-store.d.ts
import { CredportError } from '@credport/core';
interface StateStore {
    rememberOnce(key: string, ttlSeconds: number): boolean | Promise<boolean>;
    increment(key: string, windowSeconds: number): StateCount | Promise<StateCount>;
    markDone(key: string, ttlSeconds: number): void | Promise<void>;
    isDone(key: string): boolean | Promise<boolean>;
    delete(key: string): void | Promise<void>;
}
interface StateCount {
    count: number;
    resetInMs: number;
}
declare const STATE_STORE_UNAVAILABLE = "state_store_unavailable";
declare function stateStoreUnavailable(message: string, cause?: unknown): CredportError;
export { type StateStore as S, STATE_STORE_UNAVAILABLE as a, type StateCount as b, stateStoreUnavailable as s };
// telemetry.d.ts
import { TelemetryOptions, ClientTelemetry } from '@credport/core/pipeline';
export { ClientTelemetry, ObservedCall, TelemetryOptions } from '@credport/core/pipeline';
export { CredportLogger, CredportTelemetry, LogFields, TelemetryMeterProvider, TelemetryTracerProvider } from '@credport/core';
declare function createTelemetry(options?: TelemetryOptions): ClientTelemetry;
export { createTelemetry };
