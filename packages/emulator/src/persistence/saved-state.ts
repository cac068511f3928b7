import { FAILURE_CODES } from "@credport/mock";
import { z } from "zod";

/**
 * The emulator's data file, version 1: the model's records as plain JSON, never its indexes (they
 * are rebuilt on load). Records are loose objects so that fields added to them later survive a
 * save and a load within the same version.
 */
export const DATA_FILE_FORMAT = "credport-emulator-data";
export const DATA_FILE_VERSION = 1;

const environment = z.enum(["test", "live"]);
const tenant = z.looseObject({ projectId: z.string().min(1), environment });
const jwk = z.looseObject({ kty: z.string() });
// Expiry times go back on the expiry queue: they must be real times.
const isoTime = z.iso.datetime();
const stringMap = z.record(z.string(), z.string());

const keyRecord = z.looseObject({
  key: z.string().min(1),
  type: z.enum(["secret", "publishable", "webhook"]),
  projectId: z.string().min(1),
  environment,
  scopes: z.array(z.string()).optional(),
  revoked: z.boolean(),
  createdAt: isoTime,
});

const claimEntry = z.looseObject({ path: z.array(z.string()), mandatory: z.boolean() });

const definitionRecord = z.looseObject({
  credentialDefinitionId: z.string().min(1),
  owner: tenant,
  vct: z.string().nullable(),
  format: z.string(),
  title: z.string().nullable(),
  aliases: z.array(z.string()),
  claims: z.array(claimEntry),
  lifecycleStatus: z.enum(["draft", "published", "archived"]),
  createdAt: isoTime,
  updatedAt: isoTime,
});

/** A policy field; `values` as the contract allows them, so the verifier can compare with `===`. */
const policyField = z.looseObject({
  path: z.array(z.string()),
  values: z
    .array(z.union([z.string(), z.number().int(), z.boolean()]))
    .min(1)
    .optional(),
});

const policyRecord = z.looseObject({
  policyId: z.string().min(1),
  tenant,
  name: z.string(),
  status: z.enum(["active", "archived"]),
  preset: z.literal(false),
  vct: z.string(),
  fields: z.array(policyField),
  createdAt: isoTime,
});

const issuanceRecord = z.looseObject({
  id: z.string().min(1),
  tenant,
  status: z.enum([
    "offer_created",
    "ready_to_issue",
    "token_issued",
    "credential_issued",
    "canceled",
    "expired",
    "failed",
  ]),
  credentialDefinitionId: z.string(),
  definition: z.looseObject({ vct: z.string(), title: z.string(), claims: z.array(claimEntry) }),
  claims: z.record(z.string(), z.unknown()),
  issuanceMode: z.literal("InTime"),
  metadata: stringMap,
  credentialStatus: z.enum(["active", "revoked"]).optional(),
  revokedAt: isoTime.optional(),
  createdAt: isoTime,
  updatedAt: isoTime,
  expiresAt: isoTime,
  preAuthorizedCode: z.string().min(1),
  txCode: z.string().optional(),
  txCodeAttempts: z.number().int().min(0),
  statusListIndex: z.number().int().min(0),
});

const verificationRecord = z.looseObject({
  id: z.string().min(1),
  tenant,
  status: z.enum(["pending", "in_progress", "verified", "failed", "expired", "canceled"]),
  failureCode: z.enum(FAILURE_CODES).optional(),
  policyId: z.string(),
  policy: z.looseObject({
    vct: z.string(),
    fields: z.array(policyField),
  }),
  customerUserRef: z.string().nullable(),
  metadata: stringMap,
  clientToken: z.string().min(1),
  nonce: z.string().min(1),
  claims: z.record(z.string(), z.unknown()).optional(),
  createdAt: isoTime,
  updatedAt: isoTime,
  expiresAt: isoTime,
});

const webhookEndpoint = z.looseObject({
  id: z.string().min(1),
  tenant,
  url: z.string().url(),
  forwarded: z.literal(true).optional(),
});

const webhookEvent = z.looseObject({
  tenant,
  event: z.looseObject({
    id: z.string().min(1),
    object: z.literal("event"),
    type: z.string(),
    created: z.number(),
    livemode: z.boolean(),
    data: z.looseObject({ object: z.unknown() }),
  }),
  payload: z.string(),
  signature: z.string(),
});

const signingKey = z.looseObject({ kid: z.string().min(1), privateJwk: jwk, publicJwk: jwk });

export const savedModelSchema = z.object({
  clockOffsetMs: z.number().min(0),
  projects: z.array(z.string().min(1)),
  keys: z.array(keyRecord),
  definitions: z.array(definitionRecord),
  policies: z.array(policyRecord),
  issuance: z.array(issuanceRecord),
  statusLists: z.array(z.object({ tenant, size: z.number().int().min(0) })),
  verifications: z.array(verificationRecord),
  webhookEndpoints: z.array(webhookEndpoint),
  webhookEvents: z.array(webhookEvent),
  issuerKeys: z.array(z.object({ tenant, keys: signingKey })),
  /**
   * Each project environment's verifier key. A file of an earlier version holds one `verifierKey`
   * for all projects instead: it is dropped (each project makes its own on first use).
   */
  verifierKeys: z
    .array(
      z.object({ tenant, keys: signingKey.extend({ did: z.string().startsWith("did:jwk:") }) }),
    )
    .default([]),
  resultSigningKey: signingKey.nullable(),
  /**
   * The test CA's root and key (HAIP: wallets are told to trust the root, so it outlives restarts),
   * and the leaves it signed for each project environment. Absent in files of earlier versions.
   */
  testCa: z
    .object({
      certificate: z.string().min(1),
      privateJwk: jwk,
    })
    .nullable()
    .default(null),
  certificates: z
    .array(
      z.object({
        kind: z.enum(["verifier", "issuer", "reader"]),
        tenant,
        host: z.string().min(1),
        certificate: z.string().min(1),
      }),
    )
    .default([]),
});

export const dataFileSchema = z.object({
  format: z.literal(DATA_FILE_FORMAT),
  version: z.literal(DATA_FILE_VERSION),
  savedAt: isoTime,
  /** The project whose keys the emulator prints at start: the same after every restart. */
  emulatorProjectId: z.string().nullable(),
  model: savedModelSchema,
});

export type SavedModel = z.infer<typeof savedModelSchema>;
export type DataFile = z.infer<typeof dataFileSchema>;
