import * as z from "zod/mini";
import { failureDetail } from "./failure-detail.js";
import { offerClaims } from "./json-limits.js";
import { camelList, listPage } from "./lists.js";
import { exactlyOne, oneOf, stringMap, testWalletLink, text, timestamp } from "./rules.js";

/** OpenID4VCI issuance sessions: camelCase on the wire. */

export const ISSUANCE_STATUSES = [
  "offer_created",
  "ready_to_issue",
  "token_issued",
  "credential_issued",
  "canceled",
  "expired",
  "failed",
] as const;
export const issuanceStatus = oneOf(ISSUANCE_STATUSES);

const TX_CODE_LENGTH_RULE = "must be an integer from 4 to 8";

/**
 * `txCode.length`: one predicate rather than `z.number().check(z.int(), z.gte(), z.lte())`, whose
 * integer formats and bound checks were ~650 B (gzip) of the server's edge bundle for this field
 * alone. The OpenAPI document gets `integer`, 4 and 8 from `documentation()`.
 */
export const txCodeLength = z.custom<number>(
  (value) => Number.isInteger(value) && (value as number) >= 4 && (value as number) <= 8,
  { error: TX_CODE_LENGTH_RULE },
);

/** `POST /v1/openid4vc/issuance/offer`. */
export const createOfferBody = z
  .object(
    {
      /** Nested objects following the definition's claim paths. */
      claims: offerClaims,
      /** Exactly one of this and `vct`. */
      credentialDefinitionId: z.optional(text(100)),
      /** Exactly one of this and `credentialDefinitionId`: the project's published definition of this type. */
      vct: z.optional(text(500)),
      /** String-to-string map. */
      metadata: z.optional(stringMap),
      issuanceMode: z.optional(z.literal("InTime", { error: 'must be "InTime"' })),
      /** Ask for a numeric transaction code the wallet must present (default length 6). */
      txCode: z.optional(
        z.object(
          {
            length: z.optional(txCodeLength),
          },
          { error: "must be an object such as { length: 6 }" },
        ),
      ),
    },
    { error: "must be a JSON object" },
  )
  .check(exactlyOne("credentialDefinitionId", "vct"));

/** `GET /v1/openid4vc/issuance` query. */
export const listIssuanceQuery = z.object({ ...listPage, status: z.optional(issuanceStatus) });

/** An issuance session; hand-off data only in `issuanceOffer`. */
const issuanceSessionShape = {
  object: z.literal("openid4vc_issuance"),
  id: z.string(),
  status: issuanceStatus,
  /** With `failed` only: which check failed and what it expected. */
  failureDetail: z.optional(failureDetail),
  credentialDefinitionId: z.string(),
  issuanceMode: z.literal("InTime"),
  metadata: stringMap,
  /** Absent before issuance; `active` once issued; `revoked` after revoke. */
  credentialStatus: z.optional(z.enum(["active", "revoked"])),
  revokedAt: z.optional(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** When an open offer expires (15 minutes after creation by default). */
  expiresAt: timestamp,
  livemode: z.boolean(),
};

export const issuanceSession = z.object(issuanceSessionShape);

/** The answer to offer creation: the only place the wallet hand-off appears. */
export const issuanceOffer = z.object({
  ...issuanceSessionShape,
  /** `openid-credential-offer://?credential_offer_uri=…`: treat like a secret link. */
  offerUri: z.string(),
  /** The same offer, for rendering as a QR code. */
  offerQrUri: z.string(),
  /** Present when a transaction code was asked for; show it to the holder out of band. */
  txCode: z.optional(z.string()),
  /** Test environments of the emulator only: its test wallet page for this offer. */
  testWalletUrl: z.optional(testWalletLink),
});

export const issuanceList = camelList(issuanceSession);

export type CreateOfferBody = z.output<typeof createOfferBody>;
export type IssuanceSessionWire = z.output<typeof issuanceSession>;
export type IssuanceOfferWire = z.output<typeof issuanceOffer>;
export type IssuanceStatus = (typeof ISSUANCE_STATUSES)[number];
