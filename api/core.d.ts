// contract.d.ts
import * as z from 'zod/mini';
import { F as FailureCheck, T as TimelineStep, O as OperationId, a as OperationRoute } from './failure-codes.js';
export { b as FAILURE_CHECKS, c as FAILURE_CODES, d as FailureCode, e as FailureDetail, K as KnownFailureCheck, f as KnownFailureCode, g as OPERATION_ROUTES, h as TIMELINE_STEPS, i as TimelineEntry } from './failure-codes.js';
declare function checkRequestConforms(method: string, path: string, request: {
    query?: Record<string, string>;
    body?: unknown;
}): string[];
declare function checkResponseConforms(method: string, path: string, response: {
    status: number;
    body: unknown;
    contentType?: string | null;
}): string[];
declare const LIFECYCLE_STATUSES: readonly ["draft", "published", "archived"];
declare const lifecycleStatus: z.ZodMiniEnum<{
    draft: "draft";
    published: "published";
    archived: "archived";
}>;
declare const CREDENTIAL_DEFINITION_ID_PATTERN: RegExp;
declare const credentialDefinitionId: z.ZodMiniString<string>;
declare const claimEntryInput: z.ZodMiniObject<{
    path: z.ZodMiniArray<z.ZodMiniString<string>>;
    mandatory: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    display: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        name: z.ZodMiniString<string>;
        locale: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strip>>>;
}, z.core.$strip>;
declare const createCredentialDefinitionBody: z.ZodMiniObject<{
    lifecycleStatus: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniEnum<{
        draft: "draft";
        published: "published";
    }>>>;
    vct: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    format: z.ZodMiniOptional<z.ZodMiniString<string>>;
    doctype: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    title: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    aliases: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    rendering: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>>>;
    claims: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        path: z.ZodMiniArray<z.ZodMiniString<string>>;
        mandatory: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        display: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            name: z.ZodMiniString<string>;
            locale: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>>>;
    metadata: z.ZodMiniOptional<z.ZodMiniUnknown>;
    credentialDefinitionId: z.ZodMiniString<string>;
}, z.core.$strip>;
declare const updateCredentialDefinitionBody: z.ZodMiniObject<{
    vct: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    format: z.ZodMiniOptional<z.ZodMiniString<string>>;
    doctype: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    title: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    aliases: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    rendering: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>>>;
    claims: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        path: z.ZodMiniArray<z.ZodMiniString<string>>;
        mandatory: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        display: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            name: z.ZodMiniString<string>;
            locale: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>>>;
    metadata: z.ZodMiniOptional<z.ZodMiniUnknown>;
    credentialDefinitionId: z.ZodMiniOptional<z.ZodMiniCustom<never, never>>;
    lifecycleStatus: z.ZodMiniOptional<z.ZodMiniCustom<never, never>>;
}, z.core.$strip>;
declare const listCredentialDefinitionsQuery: z.ZodMiniObject<{
    lifecycle_status: z.ZodMiniOptional<z.ZodMiniEnum<{
        draft: "draft";
        published: "published";
        archived: "archived";
    }>>;
    limit: z.ZodMiniOptional<z.ZodMiniCustom<string | number, string | number>>;
    cursor: z.ZodMiniOptional<z.ZodMiniString<string>>;
}, z.core.$strip>;
declare const credentialDefinition: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"credential_definition">;
    credentialDefinitionId: z.ZodMiniString<string>;
    vct: z.ZodMiniNullable<z.ZodMiniString<string>>;
    format: z.ZodMiniString<string>;
    doctype: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    title: z.ZodMiniNullable<z.ZodMiniString<string>>;
    aliases: z.ZodMiniArray<z.ZodMiniString<string>>;
    rendering: z.ZodMiniNullable<z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>>;
    claims: z.ZodMiniArray<z.ZodMiniObject<{
        path: z.ZodMiniArray<z.ZodMiniString<string>>;
        mandatory: z.ZodMiniBoolean<boolean>;
        display: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            name: z.ZodMiniString<string>;
            locale: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strip>>>;
    }, z.core.$strip>>;
    lifecycleStatus: z.ZodMiniEnum<{
        draft: "draft";
        published: "published";
        archived: "archived";
    }>;
    metadata: z.ZodMiniUnknown;
    global: z.ZodMiniBoolean<boolean>;
    createdAt: z.ZodMiniString<string>;
    updatedAt: z.ZodMiniString<string>;
}, z.core.$strip>;
declare const credentialDefinitionList: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"list">;
    data: z.ZodMiniArray<z.ZodMiniObject<{
        object: z.ZodMiniLiteral<"credential_definition">;
        credentialDefinitionId: z.ZodMiniString<string>;
        vct: z.ZodMiniNullable<z.ZodMiniString<string>>;
        format: z.ZodMiniString<string>;
        doctype: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
        title: z.ZodMiniNullable<z.ZodMiniString<string>>;
        aliases: z.ZodMiniArray<z.ZodMiniString<string>>;
        rendering: z.ZodMiniNullable<z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>>;
        claims: z.ZodMiniArray<z.ZodMiniObject<{
            path: z.ZodMiniArray<z.ZodMiniString<string>>;
            mandatory: z.ZodMiniBoolean<boolean>;
            display: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
                name: z.ZodMiniString<string>;
                locale: z.ZodMiniOptional<z.ZodMiniString<string>>;
            }, z.core.$strip>>>;
        }, z.core.$strip>>;
        lifecycleStatus: z.ZodMiniEnum<{
            draft: "draft";
            published: "published";
            archived: "archived";
        }>;
        metadata: z.ZodMiniUnknown;
        global: z.ZodMiniBoolean<boolean>;
        createdAt: z.ZodMiniString<string>;
        updatedAt: z.ZodMiniString<string>;
    }, z.core.$strip>>;
    hasMore: z.ZodMiniBoolean<boolean>;
    nextCursor: z.ZodMiniNullable<z.ZodMiniString<string>>;
}, z.core.$strip>;
type CreateCredentialDefinitionBody = z.output<typeof createCredentialDefinitionBody>;
type UpdateCredentialDefinitionBody = z.output<typeof updateCredentialDefinitionBody>;
type CredentialDefinitionWire = z.output<typeof credentialDefinition>;
type ClaimEntryInput = z.output<typeof claimEntryInput>;
type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
declare const errorBody: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"error">;
    code: z.ZodMiniString<string>;
    message: z.ZodMiniString<string>;
    details: z.ZodMiniOptional<z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>>;
}, z.core.$strip>;
type ErrorBody = z.output<typeof errorBody>;
declare const failureDetail: z.ZodMiniObject<{
    check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
    message: z.ZodMiniString<string>;
    path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
}, z.core.$strip>;
declare const timelineEntry: z.ZodMiniObject<{
    at: z.ZodMiniString<string>;
    step: z.ZodMiniCustom<TimelineStep, TimelineStep>;
    detail: z.ZodMiniOptional<z.ZodMiniCustom<Record<string, string | number | boolean>, Record<string, string | number | boolean>>>;
}, z.core.$strip>;
declare const timeline: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"list">;
    data: z.ZodMiniArray<z.ZodMiniObject<{
        at: z.ZodMiniString<string>;
        step: z.ZodMiniCustom<TimelineStep, TimelineStep>;
        detail: z.ZodMiniOptional<z.ZodMiniCustom<Record<string, string | number | boolean>, Record<string, string | number | boolean>>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
type FailureDetailWire = z.output<typeof failureDetail>;
type TimelineWire = z.output<typeof timeline>;
interface FieldProblem {
    field: string;
    rule: string;
    message: string;
}
interface DescribeOptions {
    root?: string | undefined;
    renameTopLevel?: ((key: string) => string) | undefined;
    wording?: "rules" | "shape" | undefined;
}
interface ContractIssue {
    readonly path: readonly PropertyKey[];
    readonly message: string;
    readonly code?: string | undefined;
    readonly expected?: string | undefined;
    readonly values?: readonly unknown[] | undefined;
    readonly input?: unknown;
}
declare function formatIssuePath(path: readonly PropertyKey[], options?: DescribeOptions): string;
declare function describeFirstIssue(error: {
    readonly issues: readonly ContractIssue[];
}, options?: DescribeOptions): FieldProblem;
declare const ISSUANCE_STATUSES: readonly ["offer_created", "ready_to_issue", "token_issued", "credential_issued", "canceled", "expired", "failed"];
declare const issuanceStatus: z.ZodMiniEnum<{
    token_issued: "token_issued";
    credential_issued: "credential_issued";
    failed: "failed";
    expired: "expired";
    canceled: "canceled";
    offer_created: "offer_created";
    ready_to_issue: "ready_to_issue";
}>;
declare const createOfferBody: z.ZodMiniObject<{
    claims: z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>;
    credentialDefinitionId: z.ZodMiniOptional<z.ZodMiniString<string>>;
    vct: z.ZodMiniOptional<z.ZodMiniString<string>>;
    metadata: z.ZodMiniOptional<z.ZodMiniCustom<Record<string, string>, Record<string, string>>>;
    issuanceMode: z.ZodMiniOptional<z.ZodMiniLiteral<"InTime">>;
    txCode: z.ZodMiniOptional<z.ZodMiniObject<{
        length: z.ZodMiniOptional<z.ZodMiniCustom<number, number>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
declare const listIssuanceQuery: z.ZodMiniObject<{
    status: z.ZodMiniOptional<z.ZodMiniEnum<{
        token_issued: "token_issued";
        credential_issued: "credential_issued";
        failed: "failed";
        expired: "expired";
        canceled: "canceled";
        offer_created: "offer_created";
        ready_to_issue: "ready_to_issue";
    }>>;
    limit: z.ZodMiniOptional<z.ZodMiniCustom<string | number, string | number>>;
    cursor: z.ZodMiniOptional<z.ZodMiniString<string>>;
}, z.core.$strip>;
declare const issuanceSession: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"openid4vc_issuance">;
    id: z.ZodMiniString<string>;
    status: z.ZodMiniEnum<{
        token_issued: "token_issued";
        credential_issued: "credential_issued";
        failed: "failed";
        expired: "expired";
        canceled: "canceled";
        offer_created: "offer_created";
        ready_to_issue: "ready_to_issue";
    }>;
    failureDetail: z.ZodMiniOptional<z.ZodMiniObject<{
        check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
        message: z.ZodMiniString<string>;
        path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    }, z.core.$strip>>;
    credentialDefinitionId: z.ZodMiniString<string>;
    issuanceMode: z.ZodMiniLiteral<"InTime">;
    metadata: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
    credentialStatus: z.ZodMiniOptional<z.ZodMiniEnum<{
        revoked: "revoked";
        active: "active";
    }>>;
    revokedAt: z.ZodMiniOptional<z.ZodMiniString<string>>;
    createdAt: z.ZodMiniString<string>;
    updatedAt: z.ZodMiniString<string>;
    expiresAt: z.ZodMiniString<string>;
    livemode: z.ZodMiniBoolean<boolean>;
}, z.core.$strip>;
declare const issuanceOffer: z.ZodMiniObject<{
    offerUri: z.ZodMiniString<string>;
    offerQrUri: z.ZodMiniString<string>;
    txCode: z.ZodMiniOptional<z.ZodMiniString<string>>;
    testWalletUrl: z.ZodMiniOptional<z.ZodMiniString<string>>;
    object: z.ZodMiniLiteral<"openid4vc_issuance">;
    id: z.ZodMiniString<string>;
    status: z.ZodMiniEnum<{
        token_issued: "token_issued";
        credential_issued: "credential_issued";
        failed: "failed";
        expired: "expired";
        canceled: "canceled";
        offer_created: "offer_created";
        ready_to_issue: "ready_to_issue";
    }>;
    failureDetail: z.ZodMiniOptional<z.ZodMiniObject<{
        check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
        message: z.ZodMiniString<string>;
        path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    }, z.core.$strip>>;
    credentialDefinitionId: z.ZodMiniString<string>;
    issuanceMode: z.ZodMiniLiteral<"InTime">;
    metadata: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
    credentialStatus: z.ZodMiniOptional<z.ZodMiniEnum<{
        revoked: "revoked";
        active: "active";
    }>>;
    revokedAt: z.ZodMiniOptional<z.ZodMiniString<string>>;
    createdAt: z.ZodMiniString<string>;
    updatedAt: z.ZodMiniString<string>;
    expiresAt: z.ZodMiniString<string>;
    livemode: z.ZodMiniBoolean<boolean>;
}, z.core.$strip>;
declare const issuanceList: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"list">;
    data: z.ZodMiniArray<z.ZodMiniObject<{
        object: z.ZodMiniLiteral<"openid4vc_issuance">;
        id: z.ZodMiniString<string>;
        status: z.ZodMiniEnum<{
            token_issued: "token_issued";
            credential_issued: "credential_issued";
            failed: "failed";
            expired: "expired";
            canceled: "canceled";
            offer_created: "offer_created";
            ready_to_issue: "ready_to_issue";
        }>;
        failureDetail: z.ZodMiniOptional<z.ZodMiniObject<{
            check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
            message: z.ZodMiniString<string>;
            path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        }, z.core.$strip>>;
        credentialDefinitionId: z.ZodMiniString<string>;
        issuanceMode: z.ZodMiniLiteral<"InTime">;
        metadata: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
        credentialStatus: z.ZodMiniOptional<z.ZodMiniEnum<{
            revoked: "revoked";
            active: "active";
        }>>;
        revokedAt: z.ZodMiniOptional<z.ZodMiniString<string>>;
        createdAt: z.ZodMiniString<string>;
        updatedAt: z.ZodMiniString<string>;
        expiresAt: z.ZodMiniString<string>;
        livemode: z.ZodMiniBoolean<boolean>;
    }, z.core.$strip>>;
    hasMore: z.ZodMiniBoolean<boolean>;
    nextCursor: z.ZodMiniNullable<z.ZodMiniString<string>>;
}, z.core.$strip>;
type CreateOfferBody = z.output<typeof createOfferBody>;
type IssuanceSessionWire = z.output<typeof issuanceSession>;
type IssuanceOfferWire = z.output<typeof issuanceOffer>;
type IssuanceStatus = (typeof ISSUANCE_STATUSES)[number];
interface JsonLimits {
    depth: number;
    nodes: number;
    entries: number;
    stringLength: number;
    totalStringLength?: number;
}
declare const DEFINITION_METADATA_LIMITS: JsonLimits;
declare const CLAIM_VALUE_LIMITS: JsonLimits;
declare const CLAIM_LEAF_RULE = "must be a string, number or boolean";
type Problem = {
    path: (string | number)[];
    message: string;
} | null;
declare function findJsonProblem(value: unknown, limits: JsonLimits, mode: "json" | "claims"): Problem;
declare const definitionMetadata: z.ZodMiniUnknown;
declare const definitionRendering: z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>;
declare const offerClaims: z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>;
declare const claimLeaf: z.ZodMiniCustom<string | number | boolean, string | number | boolean>;
declare const SECRET_KEY_PATTERN: RegExp;
declare const PUBLISHABLE_KEY_PATTERN: RegExp;
declare const WEBHOOK_SECRET_PATTERN: RegExp;
declare const CLIENT_TOKEN_PREFIX = "ct_";
declare const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
declare const listLimit: z.ZodMiniCustom<string | number, string | number>;
declare const listCursor: z.ZodMiniString<string>;
declare const plainListQuery: z.ZodMiniObject<{
    limit: z.ZodMiniOptional<z.ZodMiniCustom<string | number, string | number>>;
    cursor: z.ZodMiniOptional<z.ZodMiniString<string>>;
}, z.core.$strip>;
declare const camelList: <T extends z.ZodMiniType>(item: T) => z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"list">;
    data: z.ZodMiniArray<T>;
    hasMore: z.ZodMiniBoolean<boolean>;
    nextCursor: z.ZodMiniNullable<z.ZodMiniString<string>>;
}, z.core.$strip>;
declare const snakeList: <T extends z.ZodMiniType>(item: T) => z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"list">;
    data: z.ZodMiniArray<T>;
    has_more: z.ZodMiniBoolean<boolean>;
    next_cursor: z.ZodMiniNullable<z.ZodMiniString<string>>;
}, z.core.$strip>;
type Json = Record<string, unknown>;
declare function createOpenApiDocument(options?: {
    serverUrl?: string | undefined;
}): Json;
interface OperationSchemas {
    query?: z.ZodMiniObject;
    body?: z.ZodMiniType;
    answer: z.ZodMiniType | null;
}
declare const OPERATION_SCHEMAS: Readonly<Record<OperationId, OperationSchemas>>;
type OperationAuth =
"secret"
 | "secret_or_client_token"
 | "none";
interface OperationError {
    status: number;
    codes: readonly string[];
}
interface Operation extends OperationRoute {
    id: OperationId;
    summary: string;
    tag: "Credential definitions" | "Issuance" | "Policies" | "Verifications";
    auth: OperationAuth;
    scope?: string;
    query?: z.ZodMiniObject;
    body?: z.ZodMiniType;
    success: {
        status: 200 | 201;
        schema: z.ZodMiniType | null;
    };
    errors: readonly OperationError[];
}
declare const COMMON_ERRORS: readonly OperationError[];
declare const SECRET_KEY_ERRORS: readonly OperationError[];
declare const BODY_ERRORS: readonly OperationError[];
declare const PATH_PARAMETER_ERRORS: readonly OperationError[];
declare const IDEMPOTENCY_ERRORS: readonly OperationError[];
declare const OPERATIONS: readonly Operation[];
declare function operationErrors(operation: Operation): OperationError[];
declare function findOperation(method: string, path: string): {
    operation: Operation;
    params: Record<string, string>;
} | undefined;
declare const FIELD_VALUES_LIMITS: {
    readonly count: 20;
    readonly stringLength: 200;
};
type FieldValue = string | number | boolean;
declare const createPolicyBody: z.ZodMiniObject<{
    name: z.ZodMiniString<string>;
    credential_definition_id: z.ZodMiniOptional<z.ZodMiniString<string>>;
    vct: z.ZodMiniOptional<z.ZodMiniString<string>>;
    fields: z.ZodMiniArray<z.ZodMiniObject<{
        path: z.ZodMiniArray<z.ZodMiniString<string>>;
        values: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniCustom<FieldValue, FieldValue>>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
declare const listPoliciesQuery: z.ZodMiniObject<{
    limit: z.ZodMiniOptional<z.ZodMiniCustom<string | number, string | number>>;
    cursor: z.ZodMiniOptional<z.ZodMiniString<string>>;
}, z.core.$strip>;
declare const policy: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"policy">;
    policy_id: z.ZodMiniString<string>;
    name: z.ZodMiniString<string>;
    status: z.ZodMiniEnum<{
        archived: "archived";
        active: "active";
    }>;
    preset: z.ZodMiniBoolean<boolean>;
    credential_definition_id: z.ZodMiniOptional<z.ZodMiniString<string>>;
    vct: z.ZodMiniString<string>;
    fields: z.ZodMiniArray<z.ZodMiniObject<{
        path: z.ZodMiniArray<z.ZodMiniString<string>>;
        values: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniCustom<FieldValue, FieldValue>>>;
    }, z.core.$strip>>;
    created_at: z.ZodMiniString<string>;
}, z.core.$strip>;
declare const policyList: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"list">;
    data: z.ZodMiniArray<z.ZodMiniObject<{
        object: z.ZodMiniLiteral<"policy">;
        policy_id: z.ZodMiniString<string>;
        name: z.ZodMiniString<string>;
        status: z.ZodMiniEnum<{
            archived: "archived";
            active: "active";
        }>;
        preset: z.ZodMiniBoolean<boolean>;
        credential_definition_id: z.ZodMiniOptional<z.ZodMiniString<string>>;
        vct: z.ZodMiniString<string>;
        fields: z.ZodMiniArray<z.ZodMiniObject<{
            path: z.ZodMiniArray<z.ZodMiniString<string>>;
            values: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniCustom<FieldValue, FieldValue>>>;
        }, z.core.$strip>>;
        created_at: z.ZodMiniString<string>;
    }, z.core.$strip>>;
    has_more: z.ZodMiniBoolean<boolean>;
    next_cursor: z.ZodMiniNullable<z.ZodMiniString<string>>;
}, z.core.$strip>;
type CreatePolicyBody = z.output<typeof createPolicyBody>;
type PolicyWire = z.output<typeof policy>;
declare const rule: (text: string) => (issue: {
    input?: unknown;
}) => string;
declare const isPlainObject: (value: unknown) => value is Record<string, unknown>;
declare const PROTOTYPE_KEYS: readonly string[];
declare const PROTOTYPE_KEY_RULE = "prototype-related keys are rejected";
declare function text(max: number): z.ZodMiniString<string>;
declare function oneOf<const T extends readonly [string, ...string[]]>(values: T): z.ZodMiniEnum<{ [k_1 in T[number]]: k_1; } extends infer T_1 ? { [k in keyof T_1]: T_1[k]; } : never>;
declare const timestamp: z.ZodMiniString<string>;
declare const PATH_RULE = "must be a non-empty array of non-empty strings";
declare const claimPath: z.ZodMiniArray<z.ZodMiniString<string>>;
declare const RESERVED_TOP_LEVEL_CLAIMS: readonly string[];
declare const RESERVED_CLAIMS_AT_ANY_LEVEL: readonly string[];
declare const declarableClaimPath: z.ZodMiniArray<z.ZodMiniString<string>>;
declare const STRING_MAP_LIMITS: {
    readonly entries: 50;
    readonly valueLength: 500;
};
declare const stringMap: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
declare function exactlyOne(first: string, second: string): z.core.$ZodCheck<object>;
declare const resourceId: z.ZodMiniString<string>;
declare const VERIFICATION_STATUSES: readonly ["pending", "in_progress", "verified", "failed", "expired", "canceled"];
declare const verificationStatusValue: z.ZodMiniEnum<{
    verified: "verified";
    failed: "failed";
    expired: "expired";
    canceled: "canceled";
    pending: "pending";
    in_progress: "in_progress";
}>;
declare const EXPECTED_ORIGINS_MAX = 5;
declare const createVerificationBody: z.ZodMiniObject<{
    policy_id: z.ZodMiniString<string>;
    customer_user_ref: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>;
    metadata: z.ZodMiniOptional<z.ZodMiniCustom<Record<string, string>, Record<string, string>>>;
    expected_origins: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
}, z.core.$strip>;
declare const dcApiRequest: z.ZodMiniObject<{
    protocol: z.ZodMiniString<string>;
    data: z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>;
}, z.core.$strip>;
declare const dcApiResponseBody: z.ZodMiniObject<{
    protocol: z.ZodMiniString<string>;
    data: z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>;
}, z.core.$strip>;
declare const listVerificationsQuery: z.ZodMiniObject<{
    status: z.ZodMiniOptional<z.ZodMiniEnum<{
        verified: "verified";
        failed: "failed";
        expired: "expired";
        canceled: "canceled";
        pending: "pending";
        in_progress: "in_progress";
    }>>;
    limit: z.ZodMiniOptional<z.ZodMiniCustom<string | number, string | number>>;
    cursor: z.ZodMiniOptional<z.ZodMiniString<string>>;
}, z.core.$strip>;
declare const verification: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"verification">;
    id: z.ZodMiniString<string>;
    status: z.ZodMiniEnum<{
        verified: "verified";
        failed: "failed";
        expired: "expired";
        canceled: "canceled";
        pending: "pending";
        in_progress: "in_progress";
    }>;
    failure_code: z.ZodMiniOptional<z.ZodMiniString<string>>;
    failure_detail: z.ZodMiniOptional<z.ZodMiniObject<{
        check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
        message: z.ZodMiniString<string>;
        path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    }, z.core.$strip>>;
    policy_id: z.ZodMiniString<string>;
    customer_user_ref: z.ZodMiniNullable<z.ZodMiniString<string>>;
    metadata: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
    expires_at: z.ZodMiniString<string>;
    created_at: z.ZodMiniString<string>;
    updated_at: z.ZodMiniString<string>;
    livemode: z.ZodMiniBoolean<boolean>;
}, z.core.$strip>;
declare const createdVerification: z.ZodMiniObject<{
    client_token: z.ZodMiniString<string>;
    authorization_request_uri: z.ZodMiniString<string>;
    test_wallet_url: z.ZodMiniOptional<z.ZodMiniString<string>>;
    dc_api_requests: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        protocol: z.ZodMiniString<string>;
        data: z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>;
    }, z.core.$strip>>>;
    object: z.ZodMiniLiteral<"verification">;
    id: z.ZodMiniString<string>;
    status: z.ZodMiniEnum<{
        verified: "verified";
        failed: "failed";
        expired: "expired";
        canceled: "canceled";
        pending: "pending";
        in_progress: "in_progress";
    }>;
    failure_code: z.ZodMiniOptional<z.ZodMiniString<string>>;
    failure_detail: z.ZodMiniOptional<z.ZodMiniObject<{
        check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
        message: z.ZodMiniString<string>;
        path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    }, z.core.$strip>>;
    policy_id: z.ZodMiniString<string>;
    customer_user_ref: z.ZodMiniNullable<z.ZodMiniString<string>>;
    metadata: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
    expires_at: z.ZodMiniString<string>;
    created_at: z.ZodMiniString<string>;
    updated_at: z.ZodMiniString<string>;
    livemode: z.ZodMiniBoolean<boolean>;
}, z.core.$strip>;
declare const verificationStatus: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"verification_status">;
    id: z.ZodMiniString<string>;
    status: z.ZodMiniEnum<{
        verified: "verified";
        failed: "failed";
        expired: "expired";
        canceled: "canceled";
        pending: "pending";
        in_progress: "in_progress";
    }>;
    failure_code: z.ZodMiniOptional<z.ZodMiniString<string>>;
    expires_at: z.ZodMiniString<string>;
}, z.core.$strip>;
declare const verificationResult: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"verification_result">;
    verification_id: z.ZodMiniString<string>;
    status: z.ZodMiniEnum<{
        verified: "verified";
        failed: "failed";
        expired: "expired";
        canceled: "canceled";
        pending: "pending";
        in_progress: "in_progress";
    }>;
    failure_code: z.ZodMiniOptional<z.ZodMiniString<string>>;
    failure_detail: z.ZodMiniOptional<z.ZodMiniObject<{
        check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
        message: z.ZodMiniString<string>;
        path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    }, z.core.$strip>>;
    policy_id: z.ZodMiniString<string>;
    customer_user_ref: z.ZodMiniNullable<z.ZodMiniString<string>>;
    claims: z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>;
    result_token: z.ZodMiniString<string>;
}, z.core.$strip>;
declare const jwks: z.ZodMiniObject<{
    keys: z.ZodMiniArray<z.ZodMiniCustom<Record<string, unknown>, Record<string, unknown>>>;
}, z.core.$strip>;
declare const verificationList: z.ZodMiniObject<{
    object: z.ZodMiniLiteral<"list">;
    data: z.ZodMiniArray<z.ZodMiniObject<{
        object: z.ZodMiniLiteral<"verification">;
        id: z.ZodMiniString<string>;
        status: z.ZodMiniEnum<{
            verified: "verified";
            failed: "failed";
            expired: "expired";
            canceled: "canceled";
            pending: "pending";
            in_progress: "in_progress";
        }>;
        failure_code: z.ZodMiniOptional<z.ZodMiniString<string>>;
        failure_detail: z.ZodMiniOptional<z.ZodMiniObject<{
            check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
            message: z.ZodMiniString<string>;
            path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        }, z.core.$strip>>;
        policy_id: z.ZodMiniString<string>;
        customer_user_ref: z.ZodMiniNullable<z.ZodMiniString<string>>;
        metadata: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
        expires_at: z.ZodMiniString<string>;
        created_at: z.ZodMiniString<string>;
        updated_at: z.ZodMiniString<string>;
        livemode: z.ZodMiniBoolean<boolean>;
    }, z.core.$strip>>;
    has_more: z.ZodMiniBoolean<boolean>;
    next_cursor: z.ZodMiniNullable<z.ZodMiniString<string>>;
}, z.core.$strip>;
type CreateVerificationBody = z.output<typeof createVerificationBody>;
type DcApiRequestWire = z.output<typeof dcApiRequest>;
type DcApiResponseBody = z.output<typeof dcApiResponseBody>;
type VerificationWire = z.output<typeof verification>;
type CreatedVerificationWire = z.output<typeof createdVerification>;
type VerificationStatusWire = z.output<typeof verificationStatus>;
type VerificationResultWire = z.output<typeof verificationResult>;
type VerificationStatusValue = (typeof VERIFICATION_STATUSES)[number];
declare const ISSUANCE_EVENT_TYPES: readonly ["issuance.ready_to_issue", "issuance.token_issued", "issuance.credential_issued", "issuance.canceled", "issuance.expired", "issuance.failed", "issuance.revoked"];
declare const VERIFICATION_EVENT_TYPES: readonly ["verification.in_progress", "verification.verified", "verification.failed", "verification.expired", "verification.canceled"];
declare const WEBHOOK_EVENT_TYPES: readonly ["issuance.ready_to_issue", "issuance.token_issued", "issuance.credential_issued", "issuance.canceled", "issuance.expired", "issuance.failed", "issuance.revoked", "verification.in_progress", "verification.verified", "verification.failed", "verification.expired", "verification.canceled"];
declare const issuanceEvent: z.ZodMiniObject<{
    id: z.ZodMiniString<string>;
    object: z.ZodMiniLiteral<"event">;
    type: z.ZodMiniEnum<{
        "issuance.ready_to_issue": "issuance.ready_to_issue";
        "issuance.token_issued": "issuance.token_issued";
        "issuance.credential_issued": "issuance.credential_issued";
        "issuance.canceled": "issuance.canceled";
        "issuance.expired": "issuance.expired";
        "issuance.failed": "issuance.failed";
        "issuance.revoked": "issuance.revoked";
    }>;
    created: z.ZodMiniCustom<number, number>;
    livemode: z.ZodMiniBoolean<boolean>;
    data: z.ZodMiniObject<{
        object: z.ZodMiniObject<{
            object: z.ZodMiniLiteral<"openid4vc_issuance">;
            id: z.ZodMiniString<string>;
            status: z.ZodMiniEnum<{
                token_issued: "token_issued";
                credential_issued: "credential_issued";
                failed: "failed";
                expired: "expired";
                canceled: "canceled";
                offer_created: "offer_created";
                ready_to_issue: "ready_to_issue";
            }>;
            failureDetail: z.ZodMiniOptional<z.ZodMiniObject<{
                check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
                message: z.ZodMiniString<string>;
                path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            }, z.core.$strip>>;
            credentialDefinitionId: z.ZodMiniString<string>;
            issuanceMode: z.ZodMiniLiteral<"InTime">;
            metadata: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
            credentialStatus: z.ZodMiniOptional<z.ZodMiniEnum<{
                revoked: "revoked";
                active: "active";
            }>>;
            revokedAt: z.ZodMiniOptional<z.ZodMiniString<string>>;
            createdAt: z.ZodMiniString<string>;
            updatedAt: z.ZodMiniString<string>;
            expiresAt: z.ZodMiniString<string>;
            livemode: z.ZodMiniBoolean<boolean>;
        }, z.core.$strip>;
    }, z.core.$strip>;
}, z.core.$strip>;
declare const verificationEvent: z.ZodMiniObject<{
    id: z.ZodMiniString<string>;
    object: z.ZodMiniLiteral<"event">;
    type: z.ZodMiniEnum<{
        "verification.in_progress": "verification.in_progress";
        "verification.verified": "verification.verified";
        "verification.failed": "verification.failed";
        "verification.expired": "verification.expired";
        "verification.canceled": "verification.canceled";
    }>;
    created: z.ZodMiniCustom<number, number>;
    livemode: z.ZodMiniBoolean<boolean>;
    data: z.ZodMiniObject<{
        object: z.ZodMiniObject<{
            object: z.ZodMiniLiteral<"verification">;
            id: z.ZodMiniString<string>;
            status: z.ZodMiniEnum<{
                verified: "verified";
                failed: "failed";
                expired: "expired";
                canceled: "canceled";
                pending: "pending";
                in_progress: "in_progress";
            }>;
            failure_code: z.ZodMiniOptional<z.ZodMiniString<string>>;
            failure_detail: z.ZodMiniOptional<z.ZodMiniObject<{
                check: z.ZodMiniCustom<FailureCheck, FailureCheck>;
                message: z.ZodMiniString<string>;
                path: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            }, z.core.$strip>>;
            policy_id: z.ZodMiniString<string>;
            customer_user_ref: z.ZodMiniNullable<z.ZodMiniString<string>>;
            metadata: z.ZodMiniCustom<Record<string, string>, Record<string, string>>;
            expires_at: z.ZodMiniString<string>;
            created_at: z.ZodMiniString<string>;
            updated_at: z.ZodMiniString<string>;
            livemode: z.ZodMiniBoolean<boolean>;
        }, z.core.$strip>;
    }, z.core.$strip>;
}, z.core.$strip>;
type WebhookEventWire = z.output<typeof issuanceEvent> | z.output<typeof verificationEvent>;
type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export { BODY_ERRORS, CLAIM_LEAF_RULE, CLAIM_VALUE_LIMITS, CLIENT_TOKEN_PREFIX, COMMON_ERRORS, CREDENTIAL_DEFINITION_ID_PATTERN, type ClaimEntryInput, type ContractIssue, type CreateCredentialDefinitionBody, type CreateOfferBody, type CreatePolicyBody, type CreateVerificationBody, type CreatedVerificationWire, type CredentialDefinitionWire, DEFINITION_METADATA_LIMITS, type DcApiRequestWire, type DcApiResponseBody, type DescribeOptions, EXPECTED_ORIGINS_MAX, type ErrorBody, FIELD_VALUES_LIMITS, FailureCheck, type FailureDetailWire, type FieldProblem, type FieldValue, IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_MAX_LENGTH, ISSUANCE_EVENT_TYPES, ISSUANCE_STATUSES, type IssuanceOfferWire, type IssuanceSessionWire, type IssuanceStatus, type JsonLimits, LIFECYCLE_STATUSES, type LifecycleStatus, OPERATIONS, OPERATION_SCHEMAS, type Operation, type OperationAuth, type OperationError, OperationId, OperationRoute, type OperationSchemas, PATH_PARAMETER_ERRORS, PATH_RULE, PROTOTYPE_KEYS, PROTOTYPE_KEY_RULE, PUBLISHABLE_KEY_PATTERN, type PolicyWire, RESERVED_CLAIMS_AT_ANY_LEVEL, RESERVED_TOP_LEVEL_CLAIMS, SECRET_KEY_ERRORS, SECRET_KEY_PATTERN, STRING_MAP_LIMITS, TimelineStep, type TimelineWire, type UpdateCredentialDefinitionBody, VERIFICATION_EVENT_TYPES, VERIFICATION_STATUSES, type VerificationResultWire, type VerificationStatusValue, type VerificationStatusWire, type VerificationWire, WEBHOOK_EVENT_TYPES, WEBHOOK_SECRET_PATTERN, type WebhookEventType, type WebhookEventWire, camelList, checkRequestConforms, checkResponseConforms, claimEntryInput, claimLeaf, claimPath, createCredentialDefinitionBody, createOfferBody, createOpenApiDocument, createPolicyBody, createVerificationBody, createdVerification, credentialDefinition, credentialDefinitionId, credentialDefinitionList, dcApiRequest, dcApiResponseBody, declarableClaimPath, definitionMetadata, definitionRendering, describeFirstIssue, errorBody, exactlyOne, failureDetail, findJsonProblem, findOperation, formatIssuePath, isPlainObject, issuanceEvent, issuanceList, issuanceOffer, issuanceSession, issuanceStatus, jwks, lifecycleStatus, listCredentialDefinitionsQuery, listCursor, listIssuanceQuery, listLimit, listPoliciesQuery, listVerificationsQuery, offerClaims, oneOf, operationErrors, plainListQuery, policy, policyList, resourceId, rule, snakeList, stringMap, text, timeline, timelineEntry, timestamp, updateCredentialDefinitionBody, verification, verificationEvent, verificationList, verificationResult, verificationStatus, verificationStatusValue };
// failure-codes.d.ts
declare const FAILURE_CHECKS: readonly ["format", "wallet_error", "decryption", "issuer_signature", "issuer_not_trusted", "credential_type", "doctype", "digest", "key_binding", "audience", "nonce", "freshness", "sd_hash", "device_signature", "transcript", "credential_not_yet_valid", "credential_expired", "status_unknown", "status_revoked", "claim_missing", "claim_value", "tx_code"];
type KnownFailureCheck = (typeof FAILURE_CHECKS)[number];
type FailureCheck = KnownFailureCheck | (string & {});
interface FailureDetail {
    check: FailureCheck;
    message: string;
    path?: string[] | undefined;
}
declare const TIMELINE_STEPS: readonly ["created", "request_fetched", "answer_received", "check", "offer_fetched", "tx_code_refused", "token_issued", "credential_issued", "revoked", "verified", "failed", "expired", "canceled", "webhook_delivery"];
type TimelineStep = (typeof TIMELINE_STEPS)[number] | (string & {});
interface TimelineEntry {
    at: string;
    step: TimelineStep;
    detail?: Record<string, string | number | boolean> | undefined;
}
declare const OPERATION_ROUTES: {
    readonly createCredentialDefinition: {
        readonly method: "POST";
        readonly path: "/v1/issuer/credential-definitions";
        readonly snake: false;
    };
    readonly listCredentialDefinitions: {
        readonly method: "GET";
        readonly path: "/v1/issuer/credential-definitions";
        readonly snake: false;
    };
    readonly getCredentialDefinition: {
        readonly method: "GET";
        readonly path: "/v1/issuer/credential-definitions/{credentialDefinitionId}";
        readonly snake: false;
    };
    readonly updateCredentialDefinition: {
        readonly method: "PATCH";
        readonly path: "/v1/issuer/credential-definitions/{credentialDefinitionId}";
        readonly snake: false;
    };
    readonly publishCredentialDefinition: {
        readonly method: "POST";
        readonly path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/publish";
        readonly snake: false;
    };
    readonly archiveCredentialDefinition: {
        readonly method: "POST";
        readonly path: "/v1/issuer/credential-definitions/{credentialDefinitionId}/archive";
        readonly snake: false;
    };
    readonly createOffer: {
        readonly method: "POST";
        readonly path: "/v1/openid4vc/issuance/offer";
        readonly snake: false;
    };
    readonly listIssuanceSessions: {
        readonly method: "GET";
        readonly path: "/v1/openid4vc/issuance";
        readonly snake: false;
    };
    readonly getIssuanceSession: {
        readonly method: "GET";
        readonly path: "/v1/openid4vc/issuance/{issuanceId}";
        readonly snake: false;
    };
    readonly cancelIssuanceSession: {
        readonly method: "POST";
        readonly path: "/v1/openid4vc/issuance/{issuanceId}/cancel";
        readonly snake: false;
    };
    readonly getIssuanceTimeline: {
        readonly method: "GET";
        readonly path: "/v1/openid4vc/issuance/{issuanceId}/timeline";
        readonly snake: false;
    };
    readonly revokeIssuedCredential: {
        readonly method: "POST";
        readonly path: "/v1/openid4vc/issuance/{issuanceId}/revoke";
        readonly snake: false;
    };
    readonly createPolicy: {
        readonly method: "POST";
        readonly path: "/v1/policies";
        readonly snake: true;
    };
    readonly listPolicies: {
        readonly method: "GET";
        readonly path: "/v1/policies";
        readonly snake: true;
    };
    readonly getPolicy: {
        readonly method: "GET";
        readonly path: "/v1/policies/{policyId}";
        readonly snake: true;
    };
    readonly archivePolicy: {
        readonly method: "POST";
        readonly path: "/v1/policies/{policyId}/archive";
        readonly snake: true;
    };
    readonly createVerification: {
        readonly method: "POST";
        readonly path: "/v1/verifications";
        readonly snake: true;
    };
    readonly listVerifications: {
        readonly method: "GET";
        readonly path: "/v1/verifications";
        readonly snake: true;
    };
    readonly getVerification: {
        readonly method: "GET";
        readonly path: "/v1/verifications/{verificationId}";
        readonly snake: true;
    };
    readonly getVerificationStatus: {
        readonly method: "GET";
        readonly path: "/v1/verifications/{verificationId}/status";
        readonly snake: true;
    };
    readonly streamVerificationStatus: {
        readonly method: "GET";
        readonly path: "/v1/verifications/{verificationId}/events";
        readonly snake: true;
    };
    readonly getVerificationResult: {
        readonly method: "GET";
        readonly path: "/v1/verifications/{verificationId}/result";
        readonly snake: true;
    };
    readonly getVerificationTimeline: {
        readonly method: "GET";
        readonly path: "/v1/verifications/{verificationId}/timeline";
        readonly snake: true;
    };
    readonly submitDcApiResponse: {
        readonly method: "POST";
        readonly path: "/v1/verifications/{verificationId}/dc-api-response";
        readonly snake: true;
    };
    readonly cancelVerification: {
        readonly method: "POST";
        readonly path: "/v1/verifications/{verificationId}/cancel";
        readonly snake: true;
    };
    readonly getResultKeys: {
        readonly method: "GET";
        readonly path: "/v1/.well-known/jwks.json";
        readonly snake: true;
    };
};
interface OperationRoute {
    method: "GET" | "POST" | "PATCH";
    path: string;
    snake: boolean;
}
type OperationId = keyof typeof OPERATION_ROUTES;
declare const FAILURE_CODES: readonly ["presentation_invalid", "claims_missing", "claims_not_satisfied", "credential_revoked", "credential_expired", "wallet_rejected"];
type KnownFailureCode = (typeof FAILURE_CODES)[number];
type FailureCode = KnownFailureCode | (string & {});
export { type FailureCheck as F, type KnownFailureCheck as K, type OperationId as O, type TimelineStep as T, type OperationRoute as a, FAILURE_CHECKS as b, FAILURE_CODES as c, type FailureCode as d, type FailureDetail as e, type KnownFailureCode as f, OPERATION_ROUTES as g, TIMELINE_STEPS as h, type TimelineEntry as i };
// index.d.ts
export { b as FAILURE_CHECKS, c as FAILURE_CODES, F as FailureCheck, d as FailureCode, e as FailureDetail, K as KnownFailureCheck, f as KnownFailureCode, g as OPERATION_ROUTES, O as OperationId, a as OperationRoute, h as TIMELINE_STEPS, i as TimelineEntry, T as TimelineStep } from './failure-codes.js';
export { A as ApiResponse, B as BackoffOptions, C as CredportLogger, a as CredportTelemetry, D as DEFAULT_BACKOFF, L as LogFields, R as RequestPipeline, b as RequestPipelineOptions, c as RequestSpec, d as ResolvedLogger, S as SPAN_KIND, e as SPAN_STATUS_ERROR, T as TelemetryAttributeValue, f as TelemetryAttributes, g as TelemetryCounter, h as TelemetryHistogram, i as TelemetryMeter, j as TelemetryMeterProvider, k as TelemetryScope, l as TelemetrySpan, m as TelemetrySpanOptions, n as TelemetryTracer, o as TelemetryTracerProvider, p as backoffDelay, q as debugFromEnv, r as errorType, s as inSpan, t as isCredportLogger, u as markFailed, v as meterFor, w as parseRetryAfter, x as resolveLogger, y as tracerFor } from './telemetry.js';
type KeyEnvironment = "test" | "live";
declare const INVALID_API_KEY_FORMAT = "INVALID_API_KEY_FORMAT";
declare function parseSecretKey(key: unknown, source?: string): {
    environment: KeyEnvironment;
};
declare function parsePublishableKey(key: unknown): {
    environment: KeyEnvironment;
};
declare function normalizeBaseUrl(baseUrl: unknown, source?: string): string;
declare function normalizeServerBaseUrl(baseUrl: unknown, source?: string): string;
declare function isLoopbackUrl(url: URL): boolean;
declare function requireSecureTransport(baseUrl: string, what: string, alternative?: string): void;
declare function claimAt(claims: Record<string, unknown>, path: string): unknown;
declare function claimLocations(claims: Record<string, unknown>, path: string): string[][];
declare const CREDPORT_ERROR_CODES: readonly ["validation_error", "invalid_policy", "missing_api_key", "invalid_api_key", "api_key_revoked", "insufficient_scope", "missing_token", "invalid_token", "key_mismatch", "not_found", "route_not_found", "method_not_allowed", "host_not_allowed", "request_too_large", "unsupported_media_type", "credential_definition_not_found", "credential_definition_conflict", "credential_definition_not_publishable", "published_credential_definition_immutable", "archived_credential_definition_immutable", "global_credential_definition_read_only", "preset_policy_read_only", "idempotency_key_reused", "invalid_lifecycle_transition", "issuance_invalid_state", "issuance_not_cancelable", "issuance_not_revocable", "verification_not_cancelable", "verification_not_finished", "verification_invalid_state", "limit_exceeded", "rate_limited", "realtime_unavailable", "internal_error", "service_unavailable", "server_error", "invalid_response", "unexpected_redirect", "unexpected_status", "response_too_large", "request_timeout", "request_aborted", "connection_failed", "invalid_start_response", "result_token_invalid", "result_token_mismatch", "verification_not_verified", "claims_not_accepted", "session_coordination_unsupported", "verification_start_failed", "session_finalization_failed", "dc_api_unavailable", "dc_api_failed", "sign_out_failed", "webhook_signature_missing", "webhook_signature_malformed", "webhook_signature_mismatch", "webhook_timestamp_out_of_tolerance", "webhook_event_replayed", "webhook_body_too_large", "webhook_payload_not_raw", "webhook_payload_invalid", "INVALID_API_KEY_FORMAT", "invalid_option", "invalid_base_url", "insecure_base_url", "missing_base_url", "missing_session_secret", "missing_webhook_secret", "webhook_secret_invalid", "invalid_jwks", "missing_provider", "missing_dependency", "data_file_unreadable", "data_file_corrupt", "data_file_newer_version", "data_file_over_limit", "data_file_not_writable", "test_wallet_failed", "VERIFICATION_BINDING_REQUIRED", "configuration_error", "cross_site_request", "invalid_host", "body_already_read", "state_store_unavailable", "session_mode_manual", "session_too_large", "verification_already_finalized", "verified_session_required", "webhooks_not_configured", "webhook_event_in_progress"];
type CredportErrorCode = (typeof CREDPORT_ERROR_CODES)[number];
declare function isCredportErrorCode(value: unknown): value is CredportErrorCode;
type CredportErrorType = "credport_error" | "configuration_error" | "validation_error" | "authentication_error" | "missing_token_error" | "invalid_token_error" | "permission_error" | "key_mismatch_error" | "not_found_error" | "conflict_error" | "rate_limit_error" | "api_error" | "connection_error" | "timeout_error" | "invalid_response_error" | "signature_verification_error";
interface CredportErrorOptions {
    code: CredportErrorCode;
    status?: number | undefined;
    requestId?: string | undefined;
    details?: Record<string, unknown> | undefined;
    cause?: unknown;
}
declare class CredportError extends Error {
    static readonly type: CredportErrorType;
    readonly type: CredportErrorType;
    readonly code: CredportErrorCode;
    readonly status: number | undefined;
    readonly requestId: string | undefined;
    readonly details: Record<string, unknown> | undefined;
    readonly idempotencyKey?: string;
    readonly mayHaveBeenApplied?: boolean;
    constructor(message: string, options: CredportErrorOptions);
    static [Symbol.hasInstance](value: unknown): boolean;
}
declare class CredportConfigurationError extends CredportError {
    static readonly type = "configuration_error";
    readonly type: "configuration_error";
}
declare class CredportValidationError extends CredportError {
    static readonly type = "validation_error";
    readonly type: "validation_error";
}
declare class CredportAuthenticationError extends CredportError {
    static readonly type: CredportErrorType;
    readonly type: "authentication_error" | "missing_token_error" | "invalid_token_error";
}
declare class CredportMissingTokenError extends CredportAuthenticationError {
    static readonly type = "missing_token_error";
    readonly type: "missing_token_error";
}
declare class CredportInvalidTokenError extends CredportAuthenticationError {
    static readonly type = "invalid_token_error";
    readonly type: "invalid_token_error";
}
declare class CredportPermissionError extends CredportError {
    static readonly type: CredportErrorType;
    readonly type: "permission_error" | "key_mismatch_error";
}
declare class CredportKeyMismatchError extends CredportPermissionError {
    static readonly type = "key_mismatch_error";
    readonly type: "key_mismatch_error";
}
declare class CredportNotFoundError extends CredportError {
    static readonly type = "not_found_error";
    readonly type: "not_found_error";
}
declare class CredportConflictError extends CredportError {
    static readonly type = "conflict_error";
    readonly type: "conflict_error";
}
declare class CredportRateLimitError extends CredportError {
    static readonly type = "rate_limit_error";
    readonly type: "rate_limit_error";
    readonly retryAfterSeconds: number | undefined;
    constructor(message: string, options: CredportErrorOptions & {
        retryAfterSeconds?: number | undefined;
    });
}
declare class CredportAPIError extends CredportError {
    static readonly type = "api_error";
    readonly type: "api_error";
}
declare class CredportConnectionError extends CredportError {
    static readonly type: CredportErrorType;
    readonly type: "connection_error" | "timeout_error";
}
declare class CredportTimeoutError extends CredportConnectionError {
    static readonly type = "timeout_error";
    readonly type: "timeout_error";
}
declare class CredportInvalidResponseError extends CredportError {
    static readonly type = "invalid_response_error";
    readonly type: "invalid_response_error";
}
declare class CredportSignatureVerificationError extends CredportError {
    static readonly type = "signature_verification_error";
    readonly type: "signature_verification_error";
}
type KnownCredportError = (CredportError & {
    readonly type: "credport_error";
}) | CredportConfigurationError | CredportValidationError | (CredportAuthenticationError & {
    readonly type: "authentication_error";
}) | CredportMissingTokenError | CredportInvalidTokenError | (CredportPermissionError & {
    readonly type: "permission_error";
}) | CredportKeyMismatchError | CredportNotFoundError | CredportConflictError | CredportRateLimitError | CredportAPIError | (CredportConnectionError & {
    readonly type: "connection_error";
}) | CredportTimeoutError | CredportInvalidResponseError | CredportSignatureVerificationError;
declare function isCredportError(value: unknown): value is KnownCredportError;
declare const EXPECTED_ORIGIN_RULE = "must be 1 to 5 exact origins: https://host[:port], or http:// only for localhost, 127.0.0.1 or [::1]; no path, no trailing slash";
declare function isExpectedOrigin(value: unknown): value is string;
interface WireError {
    code: string;
    message: string;
    details?: Record<string, unknown>;
}
declare function readWireError(body: unknown): WireError | undefined;
declare function errorFromStatus(status: number, body: unknown, meta: {
    requestId?: string | undefined;
    retryAfterSeconds?: number | undefined;
    operation: string;
}): CredportError;
declare function readEnv(name: string): string | undefined;
declare function redactSecrets(text: string): string;
declare function safeReturnPath(value: unknown): string | undefined;
interface WebhookSignatureHeader {
    timestamp: number;
    signatures: string[];
}
declare function webhookSignedContent(timestamp: number, payload: string): string;
declare function formatWebhookSignature(timestamp: number, signature: string): string;
declare function parseWebhookSignature(header: string): WebhookSignatureHeader | undefined;
declare function hmacSha256Hex(secret: string, message: string): Promise<string>;
declare function signWebhookPayload(payload: string, options: {
    secret: string;
    timestamp?: number | undefined;
}): Promise<string>;
export { CREDPORT_ERROR_CODES, CredportAPIError, CredportAuthenticationError, CredportConfigurationError, CredportConflictError, CredportConnectionError, CredportError, type CredportErrorCode, type CredportErrorOptions, type CredportErrorType, CredportInvalidResponseError, CredportInvalidTokenError, CredportKeyMismatchError, CredportMissingTokenError, CredportNotFoundError, CredportPermissionError, CredportRateLimitError, CredportSignatureVerificationError, CredportTimeoutError, CredportValidationError, EXPECTED_ORIGIN_RULE, INVALID_API_KEY_FORMAT, type KeyEnvironment, type KnownCredportError, type WebhookSignatureHeader, type WireError, claimAt, claimLocations, errorFromStatus, formatWebhookSignature, hmacSha256Hex, isCredportError, isCredportErrorCode, isExpectedOrigin, isLoopbackUrl, normalizeBaseUrl, normalizeServerBaseUrl, parsePublishableKey, parseSecretKey, parseWebhookSignature, readEnv, readWireError, redactSecrets, requireSecureTransport, safeReturnPath, signWebhookPayload, webhookSignedContent };
// pipeline.d.ts
import { O as ObservedCall, L as LogFields, z as RequestObserver, a as CredportTelemetry, C as CredportLogger, k as TelemetryScope, E as ClientTelemetry } from './telemetry.js';
export { A as ApiResponse, F as CallObserver, G as DEFAULT_MAX_RESPONSE_BYTES, H as DEFAULT_MAX_RETRIES, I as DEFAULT_TIMEOUT_MS, R as RequestPipeline, b as RequestPipelineOptions, c as RequestSpec, J as createRequestPipeline, K as isClientTelemetry } from './telemetry.js';
type Debug = (message: string, fields?: LogFields) => void;
declare function callLog(call: ObservedCall, debug: Debug): RequestObserver;
interface TelemetryOptions extends CredportTelemetry {
    logger?: CredportLogger | undefined;
}
declare function clientTelemetry(options: TelemetryOptions, scope: TelemetryScope, version?: string): ClientTelemetry;
declare const BODY_TOO_LARGE: unique symbol;
declare function readBodyCapped(message: Pick<Response, "headers" | "body">, maxBytes: number, onReader?: (reader: ReadableStreamDefaultReader<Uint8Array>) => void): Promise<string | typeof BODY_TOO_LARGE>;
export { BODY_TOO_LARGE, ClientTelemetry, ObservedCall, RequestObserver, type TelemetryOptions, callLog, clientTelemetry, readBodyCapped };
// telemetry.d.ts
type LogFields = Record<string, string | number | boolean | undefined>;
interface CredportLogger {
    debug(message: string, fields?: LogFields): void;
    warn(message: string, fields?: LogFields): void;
    error(message: string, fields?: LogFields): void;
}
interface ResolvedLogger {
    debug: ((message: string, fields?: LogFields) => void) | undefined;
    warn(message: string, fields?: LogFields): void;
    error(message: string, fields?: LogFields): void;
}
declare function debugFromEnv(): boolean;
declare function resolveLogger(logger: CredportLogger | undefined): ResolvedLogger;
declare function isCredportLogger(value: unknown): value is CredportLogger;
interface BackoffOptions {
    initialDelayMs?: number | undefined;
    maxDelayMs?: number | undefined;
}
declare const DEFAULT_BACKOFF: {
    readonly initialDelayMs: 500;
    readonly maxDelayMs: 5000;
};
declare function backoffDelay(retry: number, backoff: {
    initialDelayMs: number;
    maxDelayMs: number;
}, random?: () => number): number;
declare function parseRetryAfter(header: string | null, now?: number): number | undefined;
interface ObservedCall {
    operationId?: string | undefined;
    method: string;
    path: string;
}
interface RequestObserver {
    attempt(attempt: number): void;
    response(attempt: number, status: number, headers: Headers): void;
    retry(attempt: number, waitMs: number, errorType: string): void;
}
type CallObserver = <T>(call: ObservedCall, run: (observer: RequestObserver) => Promise<T>) => Promise<T>;
interface ClientTelemetry {
    observeClient(baseUrl: string): CallObserver;
}
declare function isClientTelemetry(value: unknown): value is ClientTelemetry;
interface RequestPipelineOptions {
    baseUrl: string;
    headers?: Record<string, string> | undefined;
    timeoutMs?: number | undefined;
    maxRetries?: number | undefined;
    backoff?: BackoffOptions | undefined;
    maxResponseBytes?: number | undefined;
    fetch?: typeof fetch | undefined;
    random?: (() => number) | undefined;
    observe?: CallObserver | undefined;
}
interface RequestSpec {
    method: "GET" | "POST" | "PATCH" | "DELETE";
    path: string;
    query?: Record<string, string | number | undefined> | undefined;
    body?: unknown;
    idempotencyKey?: string | undefined;
    signal?: AbortSignal | undefined;
    timeoutMs?: number | undefined;
    maxRetries?: number | undefined;
    operationId?: string | undefined;
}
interface ApiResponse<T> {
    data: T;
    status: number;
    requestId: string | undefined;
    headers: Headers;
}
interface RequestPipeline {
    request<T>(spec: RequestSpec): Promise<ApiResponse<T>>;
}
declare const DEFAULT_TIMEOUT_MS = 30000;
declare const DEFAULT_MAX_RETRIES = 2;
declare const DEFAULT_MAX_RESPONSE_BYTES: number;
declare function createRequestPipeline(options: RequestPipelineOptions): RequestPipeline;
type TelemetryAttributeValue = string | number | boolean;
type TelemetryAttributes = Record<string, TelemetryAttributeValue | undefined>;
interface TelemetrySpan {
    setAttribute(key: string, value: TelemetryAttributeValue): unknown;
    addEvent(name: string, attributes?: TelemetryAttributes): unknown;
    setStatus(status: {
        code: number;
        message?: string;
    }): unknown;
    end(endTime?: number): void;
}
interface TelemetrySpanOptions {
    kind?: number;
    attributes?: TelemetryAttributes;
    startTime?: number;
}
interface TelemetryTracer {
    startActiveSpan<F extends (span: TelemetrySpan) => unknown>(name: string, options: TelemetrySpanOptions, fn: F): ReturnType<F>;
    startSpan(name: string, options?: TelemetrySpanOptions): TelemetrySpan;
}
interface TelemetryTracerProvider {
    getTracer(name: string, version?: string): TelemetryTracer;
}
interface TelemetryCounter {
    add(value: number, attributes?: TelemetryAttributes): void;
}
interface TelemetryHistogram {
    record(value: number, attributes?: TelemetryAttributes): void;
}
interface TelemetryMeter {
    createCounter(name: string, options?: {
        description?: string;
        unit?: string;
    }): TelemetryCounter;
    createHistogram(name: string, options?: {
        description?: string;
        unit?: string;
        advice?: {
            explicitBucketBoundaries?: number[];
        };
    }): TelemetryHistogram;
}
interface TelemetryMeterProvider {
    getMeter(name: string, version?: string): TelemetryMeter;
}
interface CredportTelemetry {
    tracerProvider?: TelemetryTracerProvider | undefined;
    meterProvider?: TelemetryMeterProvider | undefined;
}
declare const SPAN_KIND: {
    readonly internal: 0;
    readonly server: 1;
    readonly client: 2;
};
declare const SPAN_STATUS_ERROR = 2;
type TelemetryScope = "@credport/server" | "@credport/session" | "@credport/emulator";
declare function tracerFor(telemetry: CredportTelemetry | undefined, scope: TelemetryScope, version?: string): TelemetryTracer | undefined;
declare function meterFor(telemetry: CredportTelemetry | undefined, scope: TelemetryScope, version?: string): TelemetryMeter | undefined;
declare function inSpan<T>(tracer: TelemetryTracer | undefined, name: string, options: {
    kind?: number;
    attributes?: TelemetryAttributes;
}, fn: (span: TelemetrySpan | undefined) => Promise<T>): Promise<T>;
declare function markFailed(span: TelemetrySpan, error: unknown): void;
declare function errorType(error: unknown): string;
export { type ApiResponse as A, type BackoffOptions as B, type CredportLogger as C, DEFAULT_BACKOFF as D, type ClientTelemetry as E, type CallObserver as F, DEFAULT_MAX_RESPONSE_BYTES as G, DEFAULT_MAX_RETRIES as H, DEFAULT_TIMEOUT_MS as I, createRequestPipeline as J, isClientTelemetry as K, type LogFields as L, type ObservedCall as O, type RequestPipeline as R, SPAN_KIND as S, type TelemetryAttributeValue as T, type CredportTelemetry as a, type RequestPipelineOptions as b, type RequestSpec as c, type ResolvedLogger as d, SPAN_STATUS_ERROR as e, type TelemetryAttributes as f, type TelemetryCounter as g, type TelemetryHistogram as h, type TelemetryMeter as i, type TelemetryMeterProvider as j, type TelemetryScope as k, type TelemetrySpan as l, type TelemetrySpanOptions as m, type TelemetryTracer as n, type TelemetryTracerProvider as o, backoffDelay as p, debugFromEnv as q, errorType as r, inSpan as s, isCredportLogger as t, markFailed as u, meterFor as v, parseRetryAfter as w, resolveLogger as x, tracerFor as y, type RequestObserver as z };
