/**
 * The policy shapes the client takes and returns: the contract's (`@credport/core/contract`,
 * policies.ts) written out in camelCase, so that an editor shows their fields. The wire is
 * snake_case; the client maps the top-level keys. `test/types.test-d.ts` holds each equal to the
 * contract's type, camelCased: a field changed in the contract fails `pnpm typecheck` here.
 */
import type { FieldValue } from "@credport/core/contract";

/** A policy field: the claim it asks for and, optionally, the values it must have. */
export interface PolicyField {
  /** The claim's path, one segment per level. */
  path: string[];
  /**
   * The values the claim must have (DCQL's claims query `values`): the wallet should share the
   * claim only if it equals one of them, and the verification fails (`claims_not_satisfied`) if a
   * presented one does not.
   */
  values?: FieldValue[] | undefined;
}

/** A verification policy: which credential, and which of its claims, a verification asks for. */
export interface Policy {
  object: "policy";
  policyId: string;
  name: string;
  status: "active" | "archived";
  /** A built-in preset, usable in every project. */
  preset: boolean;
  credentialDefinitionId?: string | undefined;
  vct: string;
  fields: PolicyField[];
  /** ISO 8601 timestamp. */
  createdAt: string;
}

/** `policies.create` input: exactly one of `credentialDefinitionId` and `vct`. */
export type CreatePolicyInput = {
  name: string;
  /**
   * Every field is requested from the wallet and returned in the result; a field with `values`
   * passes only with one of them.
   */
  fields: PolicyField[];
} & (
  | {
      /** Exactly one of this and `vct`. */
      credentialDefinitionId: string;
      vct?: never;
    }
  | {
      /** Exactly one of this and `credentialDefinitionId`. */
      vct: string;
      credentialDefinitionId?: never;
    }
);
