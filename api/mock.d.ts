// engine.d.ts
import { M as Model, V as VerificationRecord, a as ModelError, R as Reply, D as DefinitionRecord, P as PolicyRecord } from './incoming.js';
export { C as ChangeFeed, b as DcApiAnswerTranscript, I as IssuanceRecord, K as KeyRecord, O as OPEN_ISSUANCE_STATUSES, c as OPEN_VERIFICATION_STATUSES, T as Tenant, W as WebhookDelivery, d as WebhookEndpoint, e as WebhookEventRecord, r as requestTooLarge, v as verifierClientId } from './incoming.js';
import { z } from 'zod';
export { T as TAMPERS } from './tamper.js';
import '@credport/core';
import '@credport/core/contract';
import 'node:net';
import 'jose';
import 'node:crypto';
declare function handOverDcApiAnswerOf(model: Model, baseUrl: string, verification: VerificationRecord, body: unknown): Promise<void>;
declare function verificationOfDcApiNonce(model: Model, nonce: unknown): VerificationRecord | undefined;
declare function verificationOfAnnexCRequest(model: Model, encryptionInfo: unknown): Promise<VerificationRecord | undefined>;
declare const clockAdvanceBody: z.ZodObject<{
    ms: z.ZodNumber;
}, z.core.$strict>;
declare const webhookBody: z.ZodObject<{
    projectId: z.ZodString;
    environment: z.ZodOptional<z.ZodEnum<{
        test: "test";
        live: "live";
    }>>;
    url: z.ZodString;
}, z.core.$strict>;
declare const offerUri: (baseUrl: string, issuanceId: string) => string;
declare const authorizationRequestUri: (baseUrl: string, verificationId: string, clientId: string) => string;
declare const TEST_WALLET_PATH = "/wallet";
declare const testWalletUrl: (baseUrl: string, uri: string) => string;
declare function testWalletUrlOf(model: Model, baseUrl: string, id: string): Promise<string | undefined>;
declare const newRequestId: () => string;
declare function errorReply(error: ModelError): Reply;
declare function toModelError(error: unknown): ModelError;
declare const GLOBAL_DEFINITIONS: Omit<DefinitionRecord, "createdAt" | "updatedAt">[];
declare function randomToken(length: number): string;
declare function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S>;
declare const POLICY_PRESETS: Omit<PolicyRecord, "createdAt">[];
export { DefinitionRecord, GLOBAL_DEFINITIONS, POLICY_PRESETS, PolicyRecord, TEST_WALLET_PATH, VerificationRecord, authorizationRequestUri, clockAdvanceBody, errorReply, handOverDcApiAnswerOf as handOverDcApiAnswer, newRequestId, offerUri, parseInput, randomToken, testWalletUrl, testWalletUrlOf, toModelError, verificationOfAnnexCRequest, verificationOfDcApiNonce, webhookBody };
// incoming.d.ts
import { CredportErrorCode, CredportError } from '@credport/core';
import { FieldValue, TimelineEntry, FailureCode, FailureDetail, FailureCheck } from '@credport/core/contract';
import { LookupFunction } from 'node:net';
import { JWK } from 'jose';
import { X509Certificate } from 'node:crypto';
type Json = null | boolean | number | string | Json[] | {
    [key: string]: Json;
};
type JsonObject = {
    [key: string]: Json;
};
type Environment = "test" | "live";
type KeyType = "secret" | "publishable" | "webhook";
declare const SCOPES: readonly ["issuance:read", "issuance:write", "definitions:read", "definitions:write", "verifications:read", "verifications:write", "policies:read", "policies:write"];
type Scope = (typeof SCOPES)[number];
interface KeyRecord {
    key: string;
    type: KeyType;
    projectId: string;
    environment: Environment;
    scopes?: Scope[];
    revoked: boolean;
    createdAt: string;
}
interface Tenant {
    projectId: string;
    environment: Environment;
}
interface SecretAuth extends Tenant {
    scopes?: Scope[];
}
interface ProjectKeys extends Tenant {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
}
declare class Keys {
    private readonly now;
    private readonly onEarlierRunKey;
    readonly projects: Set<string>;
    readonly keys: Map<string, KeyRecord>;
    constructor(now: () => string, onEarlierRunKey?: (type: "secret" | "publishable") => void);
    private unknownKey;
    createProject(options?: {
        environment?: Environment | undefined;
        scopes?: Scope[] | undefined;
    }): ProjectKeys;
    createKey(input: Tenant & {
        type: KeyType;
        scopes?: Scope[] | undefined;
    }): string;
    restore(projects: readonly string[], keys: readonly KeyRecord[]): void;
    revoke(key: string): void;
    webhookSecret(tenant: Tenant): string | undefined;
    authenticateSecret(header: string | null): SecretAuth;
    authenticatePublishable(header: string | null): Tenant;
}
interface Transition<S extends string, T extends string> {
    from: readonly S[];
    trigger: T;
    to?: S;
    error?: {
        status: number;
        code: CredportErrorCode;
    };
}
type VerificationStatus = "pending" | "in_progress" | "verified" | "failed" | "expired" | "canceled";
type VerificationTrigger = "request_fetched" | "presentation_verified" | "presentation_failed" | "cancel" | "expire";
declare const OPEN_VERIFICATION_STATUSES: readonly VerificationStatus[];
declare const VERIFICATION_TRANSITIONS: readonly Transition<VerificationStatus, VerificationTrigger>[];
interface PolicyRecord {
    policyId: string;
    tenant: Tenant | null;
    name: string;
    status: "active" | "archived";
    preset: boolean;
    credentialDefinitionId?: string;
    vct: string;
    format?: string;
    fields: PolicyField[];
    createdAt: string;
}
interface PolicyField {
    path: string[];
    values?: FieldValue[];
}
interface HasTimeline {
    timeline?: TimelineEntry[];
}
interface VerificationRecord extends HasTimeline {
    id: string;
    tenant: Tenant;
    status: VerificationStatus;
    failureCode?: FailureCode;
    failureDetail?: FailureDetail;
    policyId: string;
    policy: {
        vct: string;
        fields: PolicyField[];
        format?: string;
    };
    customerUserRef: string | null;
    metadata: Record<string, string>;
    clientToken: string;
    nonce: string;
    expectedOrigins?: string[];
    dcApiAnswer?: DcApiAnswerTranscript;
    claims?: JsonObject;
    createdAt: string;
    updatedAt: string;
    expiresAt: string;
}
interface DcApiAnswerTranscript {
    at: string;
    protocol: string;
    form: "response" | "vp_token" | "error";
    origin?: string;
    reason?: string;
}
type IssuanceStatus = "offer_created" | "ready_to_issue" | "token_issued" | "credential_issued" | "canceled" | "expired" | "failed";
type IssuanceTrigger = "offer_fetched" | "token_accepted" | "credential_returned" | "cancel" | "expire" | "tx_code_exhausted" | "revoke";
declare const OPEN_ISSUANCE_STATUSES: readonly IssuanceStatus[];
declare const ISSUANCE_TRANSITIONS: readonly Transition<IssuanceStatus, IssuanceTrigger>[];
type LifecycleStatus = "draft" | "published" | "archived";
type DefinitionTrigger = "update" | "publish" | "archive";
declare const DEFINITION_LIFECYCLE: readonly Transition<LifecycleStatus, DefinitionTrigger>[];
interface ClaimEntry {
    path: string[];
    mandatory: boolean;
    display?: {
        name: string;
        locale?: string;
    }[];
}
interface DefinitionRecord {
    credentialDefinitionId: string;
    owner: Tenant | null;
    vct: string | null;
    format: string;
    doctype?: string | null;
    title: string | null;
    aliases: string[];
    rendering: JsonObject | null;
    claims: ClaimEntry[];
    lifecycleStatus: LifecycleStatus;
    metadata: Json;
    createdAt: string;
    updatedAt: string;
}
interface IssuanceRecord extends HasTimeline {
    id: string;
    tenant: Tenant;
    status: IssuanceStatus;
    failureDetail?: FailureDetail;
    credentialDefinitionId: string;
    definition: {
        vct: string;
        title: string;
        claims: ClaimEntry[];
        format?: string;
        doctype?: string;
    };
    claims: JsonObject;
    issuanceMode: "InTime";
    metadata: Record<string, string>;
    credentialStatus?: "active" | "revoked";
    revokedAt?: string;
    createdAt: string;
    updatedAt: string;
    expiresAt: string;
    preAuthorizedCode: string;
    txCode?: string;
    txCodeAttempts: number;
    statusListIndex: number;
}
declare class ModelError extends CredportError {
    readonly status: number;
    readonly headers: Record<string, string> | undefined;
    constructor(status: number, code: CredportErrorCode, message: string, details?: Record<string, unknown>, headers?: Record<string, string>);
}
interface Page<T> {
    data: T[];
    hasMore: boolean;
    nextCursor: string | null;
}
declare class Definitions {
    private readonly now;
    private readonly owned;
    private readonly globals;
    constructor(now: () => string);
    create(auth: SecretAuth, input: unknown): DefinitionRecord;
    get(auth: SecretAuth, id: string): DefinitionRecord;
    list(auth: SecretAuth, rawQuery: unknown): Page<DefinitionRecord>;
    allPublished(tenant: Tenant): DefinitionRecord[];
    update(auth: SecretAuth, id: string, input: unknown): DefinitionRecord;
    publish(auth: SecretAuth, id: string): DefinitionRecord;
    archive(auth: SecretAuth, id: string): DefinitionRecord;
    resolvePublished(tenant: Tenant, ref: {
        credentialDefinitionId?: string;
        vct?: string;
    }, field: string): DefinitionRecord;
    restore(owned: readonly DefinitionRecord[]): void;
    snapshot(): {
        owned: DefinitionRecord[];
    };
    private findAny;
    private visible;
    private ownedOrThrow;
}
declare class ChangeFeed {
    private readonly listeners;
    notify(): void;
    subscribe(listener: () => void): () => void;
}
declare class Clock {
    private aheadMs;
    private readonly listeners;
    now(): number;
    at(realMs: number): number;
    iso(at?: number): string;
    advance(ms: number): number;
    get offsetMs(): number;
    restoreOffset(ms: number): void;
    reset(): void;
    onAdvance(listener: () => void): () => void;
}
declare const FAULT_KINDS: readonly ["server_error", "service_unavailable", "rate_limited", "drop_after_write", "bad_gateway_html", "delay"];
type FaultKind = (typeof FAULT_KINDS)[number];
interface FaultRule {
    kind: FaultKind;
    count?: number | undefined;
    rate?: number | undefined;
    retryAfterSeconds?: number | undefined;
    delayMs?: number | undefined;
    method?: string | undefined;
    path?: string | undefined;
}
declare class Faults {
    private readonly maxRules;
    private rules;
    private seed;
    constructor(maxRules?: number);
    inject(rule: FaultRule): void;
    clear(): void;
    take(method: string, path: string): FaultRule | undefined;
    private random;
}
interface StoredResponse {
    status: number;
    body: string;
    headers: Record<string, string>;
}
type IdempotencyStep =
{
    kind: "replay";
    response: StoredResponse;
}
 | {
    kind: "wait";
    until: Promise<void>;
}
 | {
    kind: "run";
    finish(response?: StoredResponse): void;
};
interface IdempotencyLimits {
    idempotencyRecords: number;
    idempotencyBytes: number;
}
declare class Idempotency {
    private readonly clock;
    private readonly limits;
    private readonly answers;
    private readonly running;
    private bytes;
    constructor(clock: {
        now(): number;
    }, limits?: IdempotencyLimits);
    begin(tenant: Tenant, key: string, route: string, body: string): IdempotencyStep;
    get size(): number;
    private store;
    private forget;
}
interface ModelLimits {
    requestLog: number;
    webhookEvents: number;
    idempotencyRecords: number;
    idempotencyBytes: number;
    realtimeStreams: number;
    webhookDeliveries: number;
    webhookEndpoints: number;
    faultRules: number;
    requestBodyBytes: number;
    protocolNonces: number;
    accessTokens: number;
    authorizationRequests: number;
    dpopProofs: number;
}
declare const DEFAULT_MODEL_LIMITS: Readonly<ModelLimits>;
interface WebhookAttemptNotice {
    kind: "webhook_attempt";
    eventId: string;
    eventType: string;
    url: string;
    forwarded: boolean;
    status?: number;
    error?: string;
    ms: number;
}
interface EarlierRunKeyNotice {
    kind: "earlier_run_key";
    keyType: "secret" | "publishable";
}
type ModelNotice = WebhookAttemptNotice | EarlierRunKeyNotice;
declare class Notices {
    private readonly listeners;
    emit(notice: ModelNotice): void;
    subscribe(listener: (notice: ModelNotice) => void): () => void;
}
declare class Realtime {
    private readonly maxStreams;
    available: boolean;
    private readonly listeners;
    private open;
    constructor(maxStreams?: number);
    setAvailable(available: boolean): void;
    onChange(listener: (available: boolean) => void): () => void;
    get openStreams(): number;
    openStream(): () => void;
}
interface WebhookAttempt {
    at: string;
    status?: number;
    error?: string;
    ms?: number;
}
interface WebhookDelivery {
    endpointId: string;
    url: string;
    forwarded?: true;
    state: "delivering" | "delivered" | "failed";
    attempts: WebhookAttempt[];
}
interface WebhookEventRecord {
    tenant: Tenant;
    event: {
        id: string;
        object: "event";
        type: string;
        created: number;
        livemode: boolean;
        data: {
            object: unknown;
        };
    };
    payload: string;
    signature: string;
    deliveries?: WebhookDelivery[];
}
interface WebhookEndpoint {
    id: string;
    tenant: Tenant;
    url: string;
    forwarded?: true;
}
interface WebhookTransport {
    fetch?: typeof fetch;
    allowLinkLocal: boolean;
    lookup?: LookupFunction;
}
interface WebhookLimits {
    webhookEvents: number;
    webhookDeliveries: number;
    webhookEndpoints: number;
}
declare function signWebhookPayloadSync(payload: string, options: {
    secret: string;
    timestamp?: number;
}): string;
declare class Webhooks {
    private readonly clock;
    private readonly keys;
    private readonly transport;
    private readonly limits;
    private readonly onAttempt;
    readonly events: WebhookEventRecord[];
    readonly endpoints: WebhookEndpoint[];
    private readonly deliveries;
    private readonly activity;
    private readonly deliveryLog;
    constructor(clock: {
        now(): number;
    }, keys: Keys, transport: WebhookTransport, limits?: WebhookLimits, onAttempt?: (notice: WebhookAttemptNotice) => void);
    emit(tenant: Tenant, type: string, object: unknown): void;
    private sign;
    register(tenant: Tenant, url: string, options?: {
        forwarded?: boolean;
    }): WebhookEndpoint;
    unregister(id: string): boolean;
    restore(endpoints: readonly WebhookEndpoint[], events: readonly WebhookEventRecord[]): void;
    resend(eventId: string): WebhookEventRecord | undefined;
    onActivity(listener: () => void): () => void;
    private tooManyEndpoints;
    private changed;
    flush(): Promise<void>;
    private post;
    private deliver;
}
declare class Issuance {
    private readonly clock;
    private readonly definitions;
    private readonly webhooks;
    private readonly store;
    readonly records: IssuanceRecord[];
    private readonly expiries;
    private readonly byPreAuthorizedCode;
    private readonly byIssuerState;
    private readonly statusLists;
    constructor(clock: {
        now(): number;
        iso(at?: number): string;
    }, definitions: Definitions, webhooks: Webhooks);
    createOffer(auth: SecretAuth, input: unknown): {
        record: IssuanceRecord;
        txCode?: string;
    };
    get(auth: SecretAuth, id: string): IssuanceRecord;
    list(auth: SecretAuth, rawQuery: unknown): Page<IssuanceRecord>;
    cancel(auth: SecretAuth, id: string): IssuanceRecord;
    revoke(auth: SecretAuth, id: string): IssuanceRecord;
    timeline(auth: SecretAuth, id: string): {
        object: string;
        data: TimelineEntry[];
    };
    noteWebhookAttempt(id: string, event: string, status: number | undefined): void;
    noteStep(id: string, step: string, detail?: TimelineEntry["detail"]): void;
    findForProtocol(id: string): IssuanceRecord | undefined;
    findByPreAuthorizedCode(code: string): IssuanceRecord | undefined;
    findByIssuerState(issuerState: string): IssuanceRecord | undefined;
    rejectTxCode(id: string): number;
    applyTrigger(id: string, trigger: Exclude<IssuanceTrigger, "revoke">): IssuanceRecord;
    get nextExpiry(): number;
    sweep(now: number): void;
    statusList(tenant: Tenant): {
        size: number;
        revoked: number[];
    };
    statusListIndexIssued(tenant: Tenant, index: number): boolean;
    statusListSizes(): {
        tenant: Tenant;
        size: number;
    }[];
    restore(records: readonly IssuanceRecord[], _statusLists: readonly {
        tenant: Tenant;
        size: number;
    }[]): void;
    private byId;
    private owned;
}
interface AttestationTrust {
    trustedKeys?: readonly JWK[] | undefined;
    required?: boolean | undefined;
}
interface ResolvedAttestationTrust {
    trustedKeys: readonly JWK[];
    required: boolean;
}
interface SavedSigningKey {
    kid: string;
    privateJwk: JWK;
    publicJwk: JWK;
}
declare class ResultSigner {
    private keyPair?;
    private savedPrivateJwk?;
    kid: string;
    exportKey(): Promise<SavedSigningKey>;
    restoreKey(saved: SavedSigningKey): void;
    private keys;
    jwks(): Promise<{
        keys: JWK[];
    }>;
    sign(content: Record<string, unknown>, options: {
        issuer: string;
        audience: string;
        now: number;
    }): Promise<string>;
}
interface SavedCertificateAuthority {
    certificate: string;
    privateJwk: JWK;
}
interface LeafRequest {
    commonName: string;
    publicJwk: JWK;
    dnsNames: string[];
    uris?: string[];
    extendedKeyUsages?: string[];
}
declare class TestCertificateAuthority {
    private root;
    private made;
    restore(saved: SavedCertificateAuthority): void;
    saved(): Promise<SavedCertificateAuthority>;
    rootPemIfMade(): string | undefined;
    savedIfMade(): Promise<SavedCertificateAuthority | undefined>;
    rootPem(): Promise<string>;
    rootCertificate(): Promise<X509Certificate>;
    keyIdentifier(): Promise<string>;
    issueLeaf(request: LeafRequest): Promise<string>;
}
type TrustedIssuerRoot = string | Uint8Array;
interface TrustedRootSummary {
    subject: string;
    notAfter: string;
    fingerprint: string;
}
declare class TrustedIssuers {
    readonly certificates: readonly X509Certificate[];
    private keyIdentifiersMade;
    private constructor();
    static resolve(roots?: readonly TrustedIssuerRoot[], label?: (index: number) => string): TrustedIssuers;
    keyIdentifiers(): Promise<string[]>;
    summaries(): TrustedRootSummary[];
}
declare const verifierClientId: (verifierDid: string) => string;
interface VerifierIdentity {
    clientId: string;
    projectId: string;
    environment: Environment;
}
declare class Policies {
    private readonly now;
    private readonly definitions;
    private readonly records;
    private readonly presets;
    constructor(now: () => string, definitions: Definitions);
    create(auth: SecretAuth, input: unknown): PolicyRecord;
    get(auth: SecretAuth, id: string): PolicyRecord;
    list(auth: SecretAuth, rawQuery: unknown): Page<PolicyRecord>;
    archive(auth: SecretAuth, id: string): PolicyRecord;
    resolveForVerification(tenant: Tenant, id: string): PolicyRecord;
    restore(records: readonly PolicyRecord[]): void;
    snapshot(): PolicyRecord[];
    private visible;
}
interface SavedCertificate {
    kind: "verifier" | "issuer" | "reader";
    tenant: Tenant;
    host: string;
    certificate: string;
}
declare class LeafCertificates {
    private readonly ca;
    private readonly certificates;
    constructor(ca: TestCertificateAuthority);
    leafFor(kind: SavedCertificate["kind"], tenant: Tenant, host: string, request: () => Promise<LeafRequest>): Promise<string>;
    exportAll(): Promise<SavedCertificate[]>;
    restore(saved: readonly SavedCertificate[]): void;
}
interface IssuerKeys {
    kid: string;
    privateJwk: JWK;
    publicJwk: JWK;
}
interface AccessTokenGrant {
    issuanceId: string;
    expiresAt: number;
    credentialIdentifiers?: string[];
    jkt?: string;
}
interface PushedAuthorization {
    issuanceId: string;
    clientId: string;
    redirectUri: string;
    codeChallenge: string;
    state?: string;
    jkt?: string;
    detailsRequested: boolean;
    expiresAt: number;
}
type AuthorizationCodeGrant = Omit<PushedAuthorization, "state">;
declare class IssuerProtocolState {
    private readonly now;
    private readonly limits;
    private readonly certificates;
    private readonly keys;
    private readonly accessTokens;
    private readonly nonces;
    private readonly pushed;
    private readonly codes;
    private readonly spentCodes;
    private readonly dpopNonces;
    private readonly proofJtis;
    constructor(now: () => number, limits: Pick<ModelLimits, "protocolNonces" | "accessTokens" | "authorizationRequests" | "dpopProofs">, certificates: LeafCertificates);
    keysFor(tenant: Tenant): Promise<IssuerKeys>;
    savedKeys(): Map<string, Promise<IssuerKeys>>;
    restoreKeys(tenant: Tenant, keys: IssuerKeys): void;
    certificateFor(tenant: Tenant, credentialIssuer: string): Promise<string>;
    issueAccessToken(tenant: Tenant, issuanceId: string, options: {
        notAfter: number;
        credentialIdentifiers?: string[];
        jkt?: string;
    }): {
        token: string;
        expiresIn: number;
    };
    accessToken(tenant: Tenant, token: string): AccessTokenGrant | undefined;
    issueNonce(tenant: Tenant): string;
    consumeNonce(tenant: Tenant, nonce: string): boolean;
    pushAuthorization(tenant: Tenant, request: Omit<PushedAuthorization, "expiresAt">): {
        requestUri: string;
        expiresIn: number;
    };
    takePushedAuthorization(tenant: Tenant, requestUri: string): PushedAuthorization | undefined;
    issueAuthorizationCode(tenant: Tenant, grant: Omit<AuthorizationCodeGrant, "expiresAt">): string;
    takeAuthorizationCode(tenant: Tenant, code: string): AuthorizationCodeGrant | "reused" | undefined;
    recordCodeToken(tenant: Tenant, code: string, token: string): void;
    dpopNonce(tenant: Tenant): string;
    dpopNonceGood(tenant: Tenant, nonce: unknown): boolean;
    claimProofJti(tenant: Tenant, jti: string): "new" | "replayed" | "full";
}
interface VerifierKeys extends IssuerKeys {
    did: string;
}
type VerifierClientIdPrefix = "did" | "x509_hash" | "x509_san_dns";
interface ResponseKey {
    kid: string;
    privateJwk: JWK;
    publicJwk: JWK;
}
declare class VerifierProtocolState {
    private readonly now;
    private readonly limits;
    private readonly certificates;
    private readonly clientIdPrefix;
    private readonly keys;
    private readonly responseKeys;
    private readonly responseCodes;
    constructor(now: () => number, limits: Pick<ModelLimits, "protocolNonces">, certificates: LeafCertificates,
    clientIdPrefix: VerifierClientIdPrefix);
    keysFor(tenant: Tenant): Promise<VerifierKeys>;
    clientIdFor(tenant: Tenant, baseUrl: string): Promise<string>;
    certificateFor(tenant: Tenant, baseUrl: string): Promise<string>;
    readerCertificateFor(tenant: Tenant, baseUrl: string): Promise<string>;
    savedKeys(): Map<string, Promise<VerifierKeys>>;
    restoreKeys(tenant: Tenant, keys: VerifierKeys): void;
    responseKeyFor(tenant: Tenant, verificationId: string): Promise<ResponseKey>;
    responseKey(tenant: Tenant, verificationId: string): Promise<ResponseKey> | undefined;
    dropResponseKey(tenant: Tenant, verificationId: string): void;
    issueResponseCode(tenant: Tenant, verificationId: string): string;
    consumeResponseCode(tenant: Tenant, verificationId: string, code: string): boolean;
}
declare class ProtocolState {
    readonly issuer: IssuerProtocolState;
    readonly verifier: VerifierProtocolState;
    readonly certificates: LeafCertificates;
    constructor(now: () => number, limits?: Pick<ModelLimits, "protocolNonces" | "accessTokens" | "authorizationRequests" | "dpopProofs">,
    pki?: {
        ca: TestCertificateAuthority;
        clientIdPrefix: VerifierClientIdPrefix;
    });
    exportKeys(): Promise<{
        issuers: {
            tenant: Tenant;
            keys: IssuerKeys;
        }[];
        verifiers: {
            tenant: Tenant;
            keys: VerifierKeys;
        }[];
    }>;
    restoreKeys(saved: {
        issuers: readonly {
            tenant: Tenant;
            keys: IssuerKeys;
        }[];
        verifiers: readonly {
            tenant: Tenant;
            keys: VerifierKeys;
        }[];
    }): void;
    exportCertificates(): Promise<SavedCertificate[]>;
    restoreCertificates(saved: readonly SavedCertificate[]): void;
}
type Listener = (record: VerificationRecord) => void;
declare class Verifications {
    private readonly clock;
    private readonly keys;
    private readonly policies;
    private readonly webhooks;
    private readonly signer;
    private readonly store;
    readonly records: VerificationRecord[];
    private readonly expiries;
    private readonly listeners;
    constructor(clock: {
        now(): number;
        iso(at?: number): string;
    }, keys: Keys, policies: Policies, webhooks: Webhooks, signer: ResultSigner);
    create(auth: SecretAuth, input: unknown): VerificationRecord;
    get(auth: SecretAuth, id: string): VerificationRecord;
    list(auth: SecretAuth, rawQuery: unknown): Page<VerificationRecord>;
    cancel(auth: SecretAuth, id: string): VerificationRecord;
    authorizeBrowser(id: string, authorization: string | null, publishableKey: string | null): VerificationRecord;
    answerable(auth: SecretAuth | undefined, id: string, authorization: string | null, publishableKey: string | null): VerificationRecord;
    timeline(auth: SecretAuth, id: string): {
        object: string;
        data: TimelineEntry[];
    };
    noteWebhookAttempt(id: string, event: string, status: number | undefined): void;
    noteStep(id: string, step: string, detail?: TimelineEntry["detail"]): void;
    noteChecks(id: string, order: readonly FailureCheck[], failed: FailureCheck | undefined): void;
    getForServer(auth: SecretAuth, id: string): VerificationRecord;
    browserStatus(id: string, authorization: string | null, publishableKey: string | null): Readonly<{
        object: "verification_status";
        id: string;
        status: VerificationRecord["status"];
        failure_code?: NonNullable<VerificationRecord["failureCode"]>;
        expires_at: string;
    }>;
    serverStatus(auth: SecretAuth, id: string): Readonly<{
        object: "verification_status";
        id: string;
        status: VerificationRecord["status"];
        failure_code?: NonNullable<VerificationRecord["failureCode"]>;
        expires_at: string;
    }>;
    private browserReadable;
    result(auth: SecretAuth, id: string, issuer: string): Promise<{
        result_token: string;
        policy_id: string;
        customer_user_ref: string | null;
        claims: JsonObject;
        failure_detail?: FailureDetail;
        failure_code?: FailureCode;
        object: string;
        verification_id: string;
        status: VerificationStatus;
    }>;
    findForProtocol(id: string): VerificationRecord | undefined;
    applyTrigger(id: string, trigger: VerificationTrigger, data?: {
        claims?: JsonObject;
        failureCode?: FailureCode;
        failureDetail?: FailureDetail;
    }): VerificationRecord;
    noteDcApiAnswer(id: string, transcript: DcApiAnswerTranscript): void;
    subscribe(id: string, listener: Listener): () => void;
    get nextExpiry(): number;
    sweep(now: number): void;
    restore(records: readonly VerificationRecord[]): void;
    private owned;
}
interface ModelOptions {
    fetch?: typeof fetch | undefined;
    allowLinkLocalWebhooks?: boolean | undefined;
    webhookLookup?: LookupFunction | undefined;
    limits?: Partial<ModelLimits> | undefined;
    profile?: ProtocolProfile | undefined;
    attestations?: AttestationTrust | undefined;
    trustedIssuers?: readonly TrustedIssuerRoot[] | undefined;
    verifierClientIdPrefix?: "x509_hash" | "x509_san_dns" | undefined;
}
type ProtocolProfile = "haip" | "plain";
declare const PROTOCOL_PROFILES: readonly ProtocolProfile[];
interface LoggedRequest {
    method: string;
    path: string;
}
declare class Model {
    private readonly options;
    readonly limits: Readonly<ModelLimits>;
    readonly profile: ProtocolProfile;
    readonly attestations: ResolvedAttestationTrust;
    readonly trustedIssuers: TrustedIssuers;
    clock: Clock;
    faults: Faults;
    realtime: Realtime;
    keys: Keys;
    webhooks: Webhooks;
    definitions: Definitions;
    issuance: Issuance;
    policies: Policies;
    verifications: Verifications;
    idempotency: Idempotency;
    signer: ResultSigner;
    private loggedRequests;
    protocol: ProtocolState;
    readonly changes: ChangeFeed;
    readonly notices: Notices;
    readonly ca: TestCertificateAuthority;
    readonly verifierClientIdPrefix: VerifierClientIdPrefix;
    private expiryHolds;
    private expiryTimer;
    constructor(options?: ModelOptions);
    reset(): void;
    private noteWebhookAttempt;
    createProject(options?: {
        environment?: Environment | undefined;
        scopes?: Scope[] | undefined;
    }): ProjectKeys;
    verifierOf(verificationId: string, baseUrl: string): Promise<VerifierIdentity | undefined>;
    sweep(now?: number): void;
    keepExpiring(): () => void;
    get requestLog(): LoggedRequest[];
    set requestLog(requests: LoggedRequest[]);
    logRequest(method: string, path: string): void;
    snapshot(): {
        projects: string[];
        keys: KeyRecord[];
        definitions: {
            owned: DefinitionRecord[];
        };
        issuance: IssuanceRecord[];
        policies: PolicyRecord[];
        verifications: VerificationRecord[];
        webhookEvents: {
            id: string;
            object: "event";
            type: string;
            created: number;
            livemode: boolean;
            data: {
                object: unknown;
            };
        }[];
        idempotencyRecords: number;
    };
    private armExpiryTimer;
}
declare function createModel(options?: ModelOptions): Model;
interface RouteContext<TModel = unknown> {
    method: string;
    header(name: string): string | null;
    body: string;
    readonly url: URL;
    params: Record<string, string>;
    baseUrl: string;
    model: TModel;
    servesTestWallet: boolean;
    readonly signal: AbortSignal;
    readonly request: Request;
}
interface EventStream {
    open(sink: {
        write(text: string): void;
        end(): void;
    }): () => void;
    discard(): void;
}
interface Reply {
    status: number;
    headers: Record<string, string>;
    body?: string | EventStream;
}
type Answer = Reply | Response;
interface Route<TModel = unknown> {
    method: "GET" | "POST" | "PATCH" | "DELETE";
    pattern: string;
    handle(context: RouteContext<TModel>): Answer | Promise<Answer>;
}
interface Incoming {
    method: string;
    url: string;
    target: string;
    header(name: string): string | null;
    readBody(maxBytes: number): Promise<string>;
    readonly signal: AbortSignal;
    toRequest(body: string): Request;
}
declare const requestTooLarge: (maxBytes: number) => ModelError;
export { type Answer as A, VERIFICATION_TRANSITIONS as B, ChangeFeed as C, type DefinitionRecord as D, type Environment as E, type FaultKind as F, type VerifierIdentity as G, createModel as H, type IssuanceRecord as I, signWebhookPayloadSync as J, type KeyRecord as K, type LoggedRequest as L, Model as M, OPEN_ISSUANCE_STATUSES as O, type PolicyRecord as P, type Reply as R, type Scope as S, type Tenant as T, type VerificationRecord as V, type WebhookDelivery as W, ModelError as a, type DcApiAnswerTranscript as b, OPEN_VERIFICATION_STATUSES as c, type WebhookEndpoint as d, type WebhookEventRecord as e, type Incoming as f, type Route as g, type AttestationTrust as h, DEFAULT_MODEL_LIMITS as i, DEFINITION_LIFECYCLE as j, type EventStream as k, type FaultRule as l, ISSUANCE_TRANSITIONS as m, type ModelLimits as n, type ModelNotice as o, type ModelOptions as p, PROTOCOL_PROFILES as q, requestTooLarge as r, type ProjectKeys as s, type ProtocolProfile as t, type ResolvedAttestationTrust as u, verifierClientId as v, type RouteContext as w, type TrustedIssuerRoot as x, TrustedIssuers as y, type TrustedRootSummary as z };
// index.d.ts
export { CredportErrorCode } from '@credport/core';
import { f as Incoming, A as Answer, M as Model, g as Route } from './incoming.js';
export { h as AttestationTrust, i as DEFAULT_MODEL_LIMITS, j as DEFINITION_LIFECYCLE, E as Environment, k as EventStream, F as FaultKind, l as FaultRule, m as ISSUANCE_TRANSITIONS, L as LoggedRequest, a as ModelError, n as ModelLimits, o as ModelNotice, p as ModelOptions, q as PROTOCOL_PROFILES, s as ProjectKeys, t as ProtocolProfile, R as Reply, u as ResolvedAttestationTrust, w as RouteContext, S as Scope, x as TrustedIssuerRoot, y as TrustedIssuers, z as TrustedRootSummary, B as VERIFICATION_TRANSITIONS, G as VerifierIdentity, H as createModel, J as signWebhookPayloadSync } from './incoming.js';
import * as msw from 'msw';
export { FAILURE_CODES } from '@credport/core/contract';
import 'node:net';
import 'jose';
import 'node:crypto';
declare const DROP_CONNECTION: unique symbol;
type RouterResult = Response | typeof DROP_CONNECTION;
type RouterOutcome = Answer | typeof DROP_CONNECTION;
interface Router {
    handle(request: Request, baseUrl: string): Promise<RouterResult>;
    serve(incoming: Incoming, baseUrl: string, requestId: string, receivedAt?: number): RouterOutcome | Promise<RouterOutcome>;
}
interface RouterOptions {
    servesTestWallet?: boolean;
}
declare const DEFAULT_MOCK_BASE_URL = "https://api.credport.test";
declare function createHandlers(model: Model, options?: {
    baseUrl?: string;
}): msw.HttpHandler[];
declare function createRouter(model: Model, routes?: Route<Model>[], options?: RouterOptions): Router;
export { DEFAULT_MOCK_BASE_URL, DROP_CONNECTION, Incoming, Model, Route, type Router, type RouterOptions, type RouterOutcome, createHandlers, createRouter };
// tamper.d.ts
declare const TAMPERS: readonly ["disclosure", "signature", "nonce", "audience", "sd_hash", "stale", "handover"];
type Tamper = (typeof TAMPERS)[number];
export { TAMPERS as T, type Tamper as a };
// wallet.d.ts
import { JWK } from 'jose';
import { a as Tamper } from './tamper.js';
import { CredportError } from '@credport/core';
interface DigitalCredentialRequestLike {
    protocol: string;
    data: unknown;
}
interface DigitalCredentialAnswer {
    protocol: string;
    data: Record<string, unknown>;
}
interface CdpSessionLike {
    send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}
type VirtualWalletBehavior = {
    action: "respond";
    protocol: string;
    response: Record<string, unknown>;
} | {
    action: "decline";
};
declare function setVirtualWalletAnswer(cdp: CdpSessionLike, answer: DigitalCredentialAnswer): Promise<void>;
declare function declineInVirtualWallet(cdp: CdpSessionLike): Promise<void>;
declare function setVirtualWalletBehavior(cdp: CdpSessionLike, behavior: VirtualWalletBehavior): Promise<void>;
interface TestIdentity {
    given_name: string;
    family_name: string;
    birthdate: string;
    age_over_18?: boolean;
    nationality?: string;
}
declare const IDENTITY_VCT = "https://credport.dev/vct/identity/v1";
declare const DEFAULT_TEST_IDENTITY: Readonly<TestIdentity>;
type HeldCredential = HeldSdJwtVc | HeldMdocCredential;
interface HeldMdocCredential {
    mdoc: string;
    format: "mso_mdoc";
    docType: string;
    title?: string;
    claims: Record<string, Record<string, unknown>>;
}
interface HeldSdJwtVc {
    sdJwt: string;
    format: "dc+sd-jwt";
    vct: string;
    issuer: string;
    title?: string;
    claims: Record<string, unknown>;
}
interface OfferPreview {
    credentialIssuer: string;
    issuerName?: string;
    credentialConfigurationId: string;
    vct?: string;
    title?: string;
    claims: {
        path: string[];
        name?: string;
        mandatory: boolean;
    }[];
    txCode?: {
        length?: number;
        inputMode?: string;
        description?: string;
    };
}
interface RequestPreview {
    clientId: string;
    responseUri: string;
    vcts: string[];
    fields: string[][];
    credential?: HeldCredential;
    obtainsTestIdentity: boolean;
}
type ClaimPath = readonly string[] | string;
interface PresentOptions {
    omit?: readonly ClaimPath[];
    tamper?: Tamper;
    refuse?: boolean;
    credential?: HeldCredential;
}
interface AcceptOfferOptions {
    txCode?: string | undefined;
    flow?: "authorization_code" | "pre-authorized_code" | undefined;
}
interface TestWalletOptions {
    fetch?: typeof fetch;
    now?: () => number;
    identity?: Partial<TestIdentity> | false;
    trustedRoots?: readonly string[];
}
interface TestWallet {
    readonly publicJwk: JWK;
    readonly credentials: readonly HeldCredential[];
    inspectOffer(offerUri: string): Promise<OfferPreview>;
    inspectRequest(authorizationRequestUri: string): Promise<RequestPreview>;
    acceptOffer(offerUri: string, options?: AcceptOfferOptions): Promise<HeldCredential>;
    present(authorizationRequestUri: string, options?: PresentOptions): Promise<void>;
    answerDcApiRequest(requests: readonly DigitalCredentialRequestLike[], options: DcApiPresentOptions): Promise<DigitalCredentialAnswer>;
}
interface DcApiPresentOptions extends PresentOptions {
    origin: string;
    protocol?: string;
    audience?: string;
    identityFrom?: string;
}
declare function createTestWallet(options?: TestWalletOptions): Promise<TestWallet>;
declare class TestWalletError extends CredportError {
    constructor(message: string);
}
export { type AcceptOfferOptions, type CdpSessionLike, type ClaimPath, DEFAULT_TEST_IDENTITY, type DcApiPresentOptions, type DigitalCredentialAnswer, type DigitalCredentialRequestLike, type HeldCredential, type HeldMdocCredential, type HeldSdJwtVc, IDENTITY_VCT, type OfferPreview, type PresentOptions, type RequestPreview, Tamper, type TestIdentity, type TestWallet, TestWalletError, type TestWalletOptions, type VirtualWalletBehavior, createTestWallet, declineInVirtualWallet, setVirtualWalletAnswer, setVirtualWalletBehavior };
