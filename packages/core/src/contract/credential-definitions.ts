import * as z from "zod/mini";
import { definitionMetadata, definitionRendering } from "./json-limits.js";
import { camelList, listPage } from "./lists.js";
import {
  claimPath,
  declarableClaimPath,
  jsonObject,
  oneOf,
  rule,
  text,
  timestamp,
} from "./rules.js";

/** Credential definitions: camelCase on the wire. */

export const LIFECYCLE_STATUSES = ["draft", "published", "archived"] as const;
export const lifecycleStatus = oneOf(LIFECYCLE_STATUSES);

/** api-decisions.md: 1–100 characters, letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit. */
export const CREDENTIAL_DEFINITION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
const ID_RULE =
  "must be 1 to 100 characters: letters, digits, '.', '_', ':' or '-', starting with a letter or digit";
export const credentialDefinitionId = z
  .string({ error: rule(ID_RULE) })
  .check(z.refine((id) => CREDENTIAL_DEFINITION_ID_PATTERN.test(id), { error: ID_RULE }));

const DISPLAY_RULE = "must be an array of { name, locale? }";
const claimDisplay = z.array(
  z.object(
    {
      name: z.string({ error: DISPLAY_RULE }),
      locale: z.optional(z.string({ error: DISPLAY_RULE })),
    },
    { error: DISPLAY_RULE },
  ),
  { error: DISPLAY_RULE },
);

/** One claim a definition declares. */
export const claimEntryInput = z.object(
  {
    /** Nested path segments, e.g. `["address", "locality"]`; not a name SD-JWT VC reserves. */
    path: declarableClaimPath,
    /** Default `false`. */
    mandatory: z.optional(z.boolean({ error: "must be a boolean" })),
    /** Wallet-visible names. */
    display: z.optional(claimDisplay),
  },
  { error: "must be an object with path and mandatory" },
);

const ALIASES_RULE = "must be an array of at most 20 strings of at most 100 characters";
const CLAIMS_RULE = "must be an array of at most 100 claim entries";

/** The fields a draft may change (every one shape-checked; readiness only on publish). */
const editableFields = {
  /** `dc+sd-jwt` definitions: the credential type; required to publish one. */
  vct: z.optional(z.nullable(text(500))),
  /** `dc+sd-jwt` (default) or `mso_mdoc`; only these can be published. */
  format: z.optional(text(50)),
  /**
   * `mso_mdoc` definitions: the mdoc doctype (ISO/IEC 18013-5), e.g. `eu.europa.ec.av.1`; required
   * to publish one, and each claim path then exactly `[namespace, elementIdentifier]`.
   */
  doctype: z.optional(z.nullable(text(200))),
  /** Wallet-visible; 1–100 characters to publish. */
  title: z.optional(z.nullable(text(200))),
  /** Wallet-visible. */
  aliases: z.optional(
    z
      .array(z.string({ error: ALIASES_RULE }).check(z.maxLength(100, { error: ALIASES_RULE })), {
        error: ALIASES_RULE,
      })
      .check(z.maxLength(20, { error: ALIASES_RULE })),
  ),
  /** Wallet-visible appearance. */
  rendering: z.optional(z.nullable(definitionRendering)),
  claims: z.optional(
    z
      .array(claimEntryInput, { error: CLAIMS_RULE })
      .check(z.maxLength(100, { error: CLAIMS_RULE })),
  ),
  /** Management metadata: any JSON within the documented limits; never shown to wallets. */
  metadata: z.optional(definitionMetadata),
};

const BODY_RULE = "must be a JSON object";

/** `POST /v1/issuer/credential-definitions`. */
export const createCredentialDefinitionBody = z.object(
  {
    credentialDefinitionId,
    ...editableFields,
    /** Omitted: a draft. `published`: publish-readiness is checked first. */
    lifecycleStatus: z.optional(
      z.nullable(
        z.enum(["draft", "published"], { error: 'must be "published", "draft" or omitted' }),
      ),
    ),
  },
  { error: BODY_RULE },
);

// Refuses any value (a custom check: zod's `never` would cost the edge bundle a parser of its own).
const notUpdatable = z.custom<never>(() => false, {
  error: "cannot be updated; use publish or archive",
});
/** `PATCH /v1/issuer/credential-definitions/{credentialDefinitionId}` (drafts only). */
export const updateCredentialDefinitionBody = z.object(
  {
    credentialDefinitionId: z.optional(notUpdatable),
    lifecycleStatus: z.optional(notUpdatable),
    ...editableFields,
  },
  { error: BODY_RULE },
);

/** `GET /v1/issuer/credential-definitions` query. */
export const listCredentialDefinitionsQuery = z.object({
  ...listPage,
  /** Without it: the active view (own drafts and published, then global published). */
  lifecycle_status: z.optional(lifecycleStatus),
});

/** A credential definition as the service returns it. */
export const credentialDefinition = z.object({
  object: z.literal("credential_definition"),
  credentialDefinitionId: z.string(),
  vct: z.nullable(z.string()),
  format: z.string(),
  /** `mso_mdoc` definitions only: the mdoc doctype. */
  doctype: z.optional(z.nullable(z.string())),
  title: z.nullable(z.string()),
  aliases: z.array(z.string()),
  rendering: z.nullable(jsonObject),
  claims: z.array(
    z.object({
      path: claimPath,
      mandatory: z.boolean(),
      display: z.optional(claimDisplay),
    }),
  ),
  lifecycleStatus,
  metadata: z.unknown(),
  /** A global definition, shared by every project and read-only. */
  global: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const credentialDefinitionList = camelList(credentialDefinition);

export type CreateCredentialDefinitionBody = z.output<typeof createCredentialDefinitionBody>;
export type UpdateCredentialDefinitionBody = z.output<typeof updateCredentialDefinitionBody>;
export type CredentialDefinitionWire = z.output<typeof credentialDefinition>;
export type ClaimEntryInput = z.output<typeof claimEntryInput>;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
