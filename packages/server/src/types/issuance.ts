/**
 * The issuance shapes the client takes and returns: the contract's (`@credport/core/contract`,
 * issuance.ts) written out, so that an editor shows their fields. camelCase on the wire as here.
 * `test/types.test-d.ts` holds each equal to the contract's type: a field changed in the contract
 * fails `pnpm typecheck` here.
 */
import type { FailureDetail, IssuanceStatus } from "@credport/core/contract";

/** An OpenID4VCI issuance session; hand-off data only in `IssuanceOffer`. */
export interface IssuanceSession {
  object: "openid4vc_issuance";
  id: string;
  status: IssuanceStatus;
  /**
   * With `failed` only: which check failed (`check`, e.g. `tx_code`) and what it expected
   * (`message`).
   */
  failureDetail?: FailureDetail | undefined;
  credentialDefinitionId: string;
  issuanceMode: "InTime";
  /** String-to-string map, as given to `createOffer`. */
  metadata: Record<string, string>;
  /** Absent before issuance; `active` once issued; `revoked` after revoke. */
  credentialStatus?: "active" | "revoked" | undefined;
  /** ISO 8601 timestamp. */
  revokedAt?: string | undefined;
  /** ISO 8601 timestamp. */
  createdAt: string;
  /** ISO 8601 timestamp. */
  updatedAt: string;
  /** When an open offer expires (15 minutes after creation by default). */
  expiresAt: string;
  livemode: boolean;
}

/** Returned by `createOffer` only: the wallet hand-off. Treat `offerUri` like a secret link. */
export interface IssuanceOffer extends IssuanceSession {
  /** `openid-credential-offer://?credential_offer_uri=…`: treat like a secret link. */
  offerUri: string;
  /** The same offer, for rendering as a QR code. */
  offerQrUri: string;
  /** Present when a transaction code was asked for; show it to the holder out of band. */
  txCode?: string | undefined;
  /** Test environments of the emulator only: its test wallet page for this offer. */
  testWalletUrl?: string | undefined;
}

/** `createOffer` input: exactly one of `credentialDefinitionId` and `vct`. */
export type CreateOfferInput = {
  /** Nested objects following the definition's claim paths. */
  claims: Record<string, unknown>;
  /** String-to-string map. */
  metadata?: Record<string, string> | undefined;
  issuanceMode?: "InTime" | undefined;
  /** Ask for a numeric transaction code the wallet must present (default length 6). */
  txCode?: { length?: number | undefined } | undefined;
} & (
  | {
      /** Exactly one of this and `vct`. */
      credentialDefinitionId: string;
      vct?: never;
    }
  | {
      /** Exactly one of this and `credentialDefinitionId`: the project's published definition of this type. */
      vct: string;
      credentialDefinitionId?: never;
    }
);
