import type { HeldCredential, TestIdentity, TestWallet } from "@credport/mock/wallet";
import type { TestEmulator } from "./test-emulator.js";
import { CredportTestingError } from "./testing-error.js";

/** The EU age-verification attestation's doctype and namespace (the global definition's). */
export const EU_AGE_DOCTYPE = "eu.europa.ec.av.1";
const EU_AGE_DEFINITION = "credport.age_verification.mdoc.v1";
const DEFAULT_BIRTHDATE = "1815-12-10";

/**
 * Whether someone born on `birthdate` (YYYY-MM-DD) is 18 at `now` (UTC; the 18th birthday counts),
 * as the emulator's test issuer decides it for the identity credential.
 */
export function isOver18(birthdate: string, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match)
    throw new CredportTestingError(
      "invalid_option",
      `@credport/testing: claims.birthdate must be a date written YYYY-MM-DD: got ${JSON.stringify(birthdate)}.`,
    );
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const eighteenYearsAgo =
    (now.getUTCFullYear() - 18) * 10_000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
  return eighteenYearsAgo >= year * 10_000 + month * 100 + day;
}

/**
 * An EU age attestation (an ISO mdoc) for the holder `identity` describes, issued by the emulator
 * to `holder` over OpenID4VCI like any offer: `age_over_18` follows `birthdate` on the emulator's
 * clock. The emulator's test issuer hands out the identity credential (SD-JWT VC) on demand, not
 * mdocs, so the kit asks for this one with the project's own key, as an issuer's backend would.
 */
export async function obtainAgeMdoc(
  emulator: TestEmulator | undefined,
  holder: TestWallet,
  identity: Partial<TestIdentity> | undefined,
): Promise<HeldCredential> {
  if (!emulator)
    throw new CredportTestingError(
      "invalid_option",
      '@credport/testing: present({ format: "mso_mdoc" }) issues the wallet an mdoc through the emulator: pass wallet(page, { emulator }) (the Playwright fixture does).',
    );
  const now = new Date(await emulator.clock.advance(0));
  const over18 = identity?.age_over_18 ?? isOver18(identity?.birthdate ?? DEFAULT_BIRTHDATE, now);
  const held = holder.credentials.find(
    (c) => c.format === "mso_mdoc" && c.claims[EU_AGE_DOCTYPE]?.age_over_18 === over18,
  );
  if (held) return held;
  const response = await fetch(`${emulator.url}/v1/openid4vc/issuance/offer`, {
    method: "POST",
    headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
    body: JSON.stringify({
      credentialDefinitionId: EU_AGE_DEFINITION,
      claims: { [EU_AGE_DOCTYPE]: { age_over_18: over18 } },
      metadata: { source: "credport_testing" },
    }),
  });
  const offer = (await response.json().catch(() => ({}))) as { offerUri?: string; code?: string };
  if (!response.ok || typeof offer.offerUri !== "string")
    throw new CredportTestingError(
      "emulator_unavailable",
      `@credport/testing: the emulator answered ${response.status} (${String(offer.code ?? "no code")}) to an offer of ${EU_AGE_DEFINITION}, the mdoc the wallet presents.`,
    );
  return holder.acceptOffer(offer.offerUri);
}
