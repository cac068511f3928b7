// index.d.ts
import { RequestPipeline, BackoffOptions } from '@credport/core';
export { CredportAPIError, CredportAuthenticationError, CredportConfigurationError, CredportConflictError, CredportConnectionError, CredportError, CredportErrorType, CredportInvalidResponseError, CredportNotFoundError, CredportPermissionError, CredportRateLimitError, CredportSignatureVerificationError, CredportTimeoutError, CredportValidationError, INVALID_API_KEY_FORMAT, KnownCredportError, isCredportError } from '@credport/core';
declare const WEBHOOK_SIGNATURE_HEADER = "Webhook-Signature";
declare const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;
interface WebhookEvent<T = Record<string, unknown>> {
    id: string;
    object: "event";
    type: "issuance.ready_to_issue" | "issuance.token_issued" | "issuance.credential_issued" | "issuance.canceled" | "issuance.expired" | "issuance.failed" | "issuance.revoked" | "verification.in_progress" | "verification.verified" | "verification.failed" | "verification.expired" | "verification.canceled" | (string & {});
    created: number;
    livemode: boolean;
    data: {
        object: T;
    };
}
interface WebhookVerifyOptions {
    secret?: string;
    toleranceSeconds?: number;
    now?: number;
}
type WebhookInput = Request | {
    payload: string | Uint8Array;
    signature: string | null | undefined;
};
declare function verifyWebhook(input: WebhookInput, options?: WebhookVerifyOptions): Promise<WebhookEvent>;
declare function signWebhookPayload(payload: string, options: {
    secret: string;
    timestamp?: number;
}): Promise<string>;
declare class Page<T> implements AsyncIterable<T> {
    readonly data: T[];
    readonly hasMore: boolean;
    readonly nextCursor: string | null;
    private readonly fetchNext;
    constructor(data: T[], hasMore: boolean, nextCursor: string | null, fetchNext: (cursor: string) => Promise<Page<T>>);
    nextPage(): Promise<Page<T> | null>;
    [Symbol.asyncIterator](): AsyncIterator<T>;
    toArray(options?: {
        limit?: number;
    }): Promise<T[]>;
}
type LifecycleStatus = "draft" | "published" | "archived";
interface ClaimEntry {
    path: string[];
    mandatory?: boolean;
    display?: {
        name: string;
        locale?: string;
    }[];
}
interface CredentialDefinition {
    object: "credential_definition";
    credentialDefinitionId: string;
    vct: string | null;
    format: string;
    title: string | null;
    aliases: string[];
    rendering: Record<string, unknown> | null;
    claims: ClaimEntry[];
    lifecycleStatus: LifecycleStatus;
    metadata: unknown;
    global: boolean;
    createdAt: string;
    updatedAt: string;
}
interface CredentialDefinitionInput {
    credentialDefinitionId: string;
    vct?: string;
    format?: "dc+sd-jwt" | (string & {});
    title?: string;
    aliases?: string[];
    rendering?: Record<string, unknown>;
    claims?: ClaimEntry[];
    metadata?: unknown;
}
type CredentialDefinitionUpdate = Omit<CredentialDefinitionInput, "credentialDefinitionId">;
type IssuanceStatus = "offer_created" | "ready_to_issue" | "token_issued" | "credential_issued" | "canceled" | "expired" | "failed";
interface IssuanceSession {
    object: "openid4vc_issuance";
    id: string;
    status: IssuanceStatus;
    credentialDefinitionId: string;
    issuanceMode: "InTime";
    metadata: Record<string, string>;
    credentialStatus?: "active" | "revoked";
    revokedAt?: string;
    createdAt: string;
    updatedAt: string;
    expiresAt: string;
    livemode: boolean;
}
interface IssuanceOffer extends IssuanceSession {
    offerUri: string;
    offerQrUri: string;
    txCode?: string;
}
type CreateOfferInput = ({
    credentialDefinitionId: string;
    vct?: never;
} | {
    vct: string;
    credentialDefinitionId?: never;
}) & {
    claims: Record<string, unknown>;
    issuanceMode?: "InTime";
    metadata?: Record<string, string>;
    txCode?: {
        length?: number;
    };
};
interface Policy {
    object: "policy";
    policyId: string;
    name: string;
    status: "active" | "archived";
    preset: boolean;
    credentialDefinitionId?: string;
    vct: string;
    fields: {
        path: string[];
    }[];
    createdAt: string;
}
type CreatePolicyInput = ({
    credentialDefinitionId: string;
    vct?: never;
} | {
    vct: string;
    credentialDefinitionId?: never;
}) & {
    name: string;
    fields: {
        path: string[];
    }[];
};
type VerificationStatusValue = "pending" | "in_progress" | "verified" | "failed" | "expired" | "canceled";
type FailureCode = "presentation_invalid" | "claims_missing" | "credential_revoked" | "credential_expired" | "wallet_rejected" | (string & {});
interface Verification {
    object: "verification";
    id: string;
    status: VerificationStatusValue;
    failureCode?: FailureCode;
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
}
interface CreateVerificationInput {
    policyId: string;
    customerUserRef?: string;
    metadata?: Record<string, string>;
}
interface VerificationStatus {
    object: "verification_status";
    id: string;
    status: VerificationStatusValue;
    failureCode?: FailureCode;
    expiresAt: string;
}
interface VerificationResult {
    object: "verification_result";
    verificationId: string;
    status: VerificationStatusValue;
    failureCode?: FailureCode;
    policyId: string;
    customerUserRef: string | null;
    claims: Record<string, unknown>;
    resultToken: string;
}
interface RequestOptions {
    signal?: AbortSignal;
    timeoutMs?: number;
    maxRetries?: number;
}
interface WriteOptions extends RequestOptions {
    idempotencyKey?: string;
}
interface ListParams extends RequestOptions {
    limit?: number;
    cursor?: string;
}
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
        lifecycleStatus?: LifecycleStatus;
    }): Promise<Page<CredentialDefinition>>;
    private post;
}
declare class Issuance {
    private readonly pipeline;
    constructor(pipeline: RequestPipeline);
    createOffer(input: CreateOfferInput, options?: WriteOptions): Promise<IssuanceOffer>;
    get(issuanceId: string, options?: RequestOptions): Promise<IssuanceSession>;
    cancel(issuanceId: string, options?: WriteOptions): Promise<IssuanceSession>;
    revoke(issuanceId: string, options?: WriteOptions): Promise<IssuanceSession>;
    list(params?: ListParams & {
        status?: IssuanceStatus;
    }): Promise<Page<IssuanceSession>>;
}
declare class Policies {
    private readonly pipeline;
    constructor(pipeline: RequestPipeline);
    create(input: CreatePolicyInput, options?: WriteOptions): Promise<Policy>;
    get(policyId: string, options?: RequestOptions): Promise<Policy>;
    list(params?: ListParams): Promise<Page<Policy>>;
    archive(policyId: string, options?: WriteOptions): Promise<Policy>;
}
declare class Verifications {
    private readonly pipeline;
    constructor(pipeline: RequestPipeline);
    create(input: CreateVerificationInput, options?: WriteOptions): Promise<CreatedVerification>;
    get(verificationId: string, options?: RequestOptions): Promise<Verification>;
    getStatus(verificationId: string, options?: RequestOptions): Promise<VerificationStatus>;
    getResult(verificationId: string, options?: RequestOptions): Promise<VerificationResult>;
    cancel(verificationId: string, options?: WriteOptions): Promise<Verification>;
    list(params?: ListParams & {
        status?: VerificationStatusValue;
    }): Promise<Page<Verification>>;
    private read;
}
interface CredportOptions {
    secretKey?: string;
    baseUrl?: string;
    timeoutMs?: number;
    maxRetries?: number;
    backoff?: BackoffOptions;
    maxResponseBytes?: number;
    fetch?: typeof fetch;
}
declare class Credport {
    readonly credentialDefinitions: CredentialDefinitions;
    readonly issuance: Issuance;
    readonly policies: Policies;
    readonly verifications: Verifications;
    readonly webhooks: {
        verify: (input: WebhookInput, options?: WebhookVerifyOptions) => Promise<WebhookEvent<Record<string, unknown>>>;
    };
    constructor(options?: CredportOptions);
}
export { type ClaimEntry, type CreateOfferInput, type CreatePolicyInput, type CreateVerificationInput, type CreatedVerification, type CredentialDefinition, type CredentialDefinitionInput, type CredentialDefinitionUpdate, Credport, type CredportOptions, DEFAULT_WEBHOOK_TOLERANCE_SECONDS, type FailureCode, type IssuanceOffer, type IssuanceSession, type IssuanceStatus, type LifecycleStatus, type ListParams, Page, type Policy, type RequestOptions, type Verification, type VerificationResult, type VerificationStatus, type VerificationStatusValue, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent, type WebhookInput, type WebhookVerifyOptions, type WriteOptions, signWebhookPayload, verifyWebhook };
