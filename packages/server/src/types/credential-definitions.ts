/**
 * The credential definition shapes the client takes and returns: the contract's
 * (`@credport/core/contract`, credential-definitions.ts) written out, so that an editor shows their
 * fields. camelCase on the wire as here. `test/types.test-d.ts` holds each equal to the contract's
 * type: a field changed in the contract fails `pnpm typecheck` here.
 */
import type { LifecycleStatus } from "@credport/core/contract";

/** A wallet-visible name of a claim, in a locale. */
export interface ClaimDisplay {
  name: string;
  locale?: string | undefined;
}

/** One claim a definition declares: `path` (nested segments), `mandatory`, wallet-visible `display`. */
export interface ClaimEntry {
  /**
   * Nested path segments, e.g. `["address", "locality"]`; not a name SD-JWT VC reserves. For an
   * mdoc, exactly `[namespace, elementIdentifier]`.
   */
  path: string[];
  /** Default `false`. */
  mandatory?: boolean | undefined;
  /** Wallet-visible names. */
  display?: ClaimDisplay[] | undefined;
}

/** A claim of a credential definition as the service returns it. */
export interface CredentialDefinitionClaim {
  /** Nested path segments, e.g. `["address", "locality"]`. */
  path: string[];
  mandatory: boolean;
  /** Wallet-visible names. */
  display?: ClaimDisplay[] | undefined;
}

/** A credential definition as the service returns it: draft → published → archived. */
export interface CredentialDefinition {
  object: "credential_definition";
  credentialDefinitionId: string;
  /** `dc+sd-jwt` definitions: the credential type. */
  vct: string | null;
  /** `dc+sd-jwt` or `mso_mdoc` (ISO/IEC 18013-5). */
  format: string;
  /** `mso_mdoc` definitions only: the mdoc doctype, e.g. `eu.europa.ec.av.1`. */
  doctype?: string | null | undefined;
  /** Wallet-visible. */
  title: string | null;
  /** Wallet-visible. */
  aliases: string[];
  /** Wallet-visible appearance. */
  rendering: Record<string, unknown> | null;
  claims: CredentialDefinitionClaim[];
  lifecycleStatus: LifecycleStatus;
  /** Management metadata: any JSON within the documented limits; never shown to wallets. */
  metadata: unknown;
  /** A global definition, shared by every project and read-only. */
  global: boolean;
  /** ISO 8601 timestamp. */
  createdAt: string;
  /** ISO 8601 timestamp. */
  updatedAt: string;
}

/** What `update` takes: the editable fields of a draft (each shape-checked; readiness on publish). */
export interface CredentialDefinitionUpdate {
  /** `dc+sd-jwt` definitions: the credential type; required to publish one. */
  vct?: string | null | undefined;
  /** `dc+sd-jwt` (default) or `mso_mdoc`; only these can be published. */
  format?: string | undefined;
  /**
   * `mso_mdoc` definitions: the mdoc doctype (ISO/IEC 18013-5), e.g. `eu.europa.ec.av.1`; required
   * to publish one, and each claim path then exactly `[namespace, elementIdentifier]`.
   */
  doctype?: string | null | undefined;
  /** Wallet-visible; 1–100 characters to publish. */
  title?: string | null | undefined;
  /** Wallet-visible. */
  aliases?: string[] | undefined;
  /** Wallet-visible appearance. */
  rendering?: Record<string, unknown> | null | undefined;
  claims?: ClaimEntry[] | undefined;
  /** Management metadata: any JSON within the documented limits; never shown to wallets. */
  metadata?: unknown;
}

/** What `create` and `createDraft` take (the lifecycle status is set by the method). */
export interface CredentialDefinitionInput extends CredentialDefinitionUpdate {
  /**
   * 1–100 characters: letters, digits, `.`, `_`, `:`, `-`, starting with a letter or digit.
   */
  credentialDefinitionId: string;
}
