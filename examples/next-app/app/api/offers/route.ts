import { BADGE, issuer } from "./credport";

/** Issues a badge offer. A real app takes the claims from its own user records, not from the browser. */
export async function POST() {
  const credport = await issuer();
  const offer = await credport.issuance.createOffer({
    credentialDefinitionId: BADGE,
    claims: { given_name: "Ada", family_name: "Lovelace" },
  });
  return Response.json({
    id: offer.id,
    status: offer.status,
    offerUri: offer.offerUri,
    offerQrUri: offer.offerQrUri,
    // Against the emulator with test keys only: its wallet page for this offer.
    ...(offer.testWalletUrl ? { testWalletUrl: offer.testWalletUrl } : {}),
  });
}
