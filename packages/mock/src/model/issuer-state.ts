import { createHash } from "node:crypto";

/**
 * The `issuer_state` of an offer's authorization code grant (OpenID4VCI 1.0 §4.1.1): derived from
 * its pre-authorized code, so it needs no storage of its own and survives the emulator's data file,
 * and as unguessable as that code without revealing it. Whoever holds it can redeem the offer
 * (the emulator consents for the holder), exactly like the pre-authorized code.
 */
export const issuerStateOf = (preAuthorizedCode: string) =>
  createHash("sha256").update(`issuer_state:${preAuthorizedCode}`).digest("base64url");
