import { decodeJwt, type JWK } from "jose";
import { TestWalletError } from "../../test-wallet-error.js";
import type { HeldSdJwtVc } from "../../types.js";
import type { CredentialQuery } from "../dcql.js";
import type { WalletBinding } from "../presentation-binding.js";
import { holderSdJwtVc, presentationFrame } from "./sd-jwt.js";
import { type Tamper, tamperWith } from "./tamper.js";

/** Claims the SD-JWT VC keeps in the clear for its own use, not the holder's. */
const REGISTERED_CLAIMS = [
  "iss",
  "nbf",
  "exp",
  "iat",
  "cnf",
  "vct",
  "vct#integrity",
  "status",
  "_sd_alg",
];

/** An issued SD-JWT VC as the wallet holds it: its type, issuer and the holder's claims. */
export async function holdSdJwtVc(sdJwt: string, title: string | undefined): Promise<HeldSdJwtVc> {
  const payload = decodeJwt(sdJwt.split("~")[0]!);
  return {
    sdJwt,
    format: "dc+sd-jwt",
    vct: payload.vct as string,
    issuer: payload.iss as string,
    ...(title ? { title } : {}),
    claims: await holderClaims(sdJwt),
  };
}

/** The credential types a query asks for (`meta.vct_values`; none: any). */
export const queriedTypes = (query: CredentialQuery): string[] =>
  ((query.meta as { vct_values?: string[] } | undefined)?.vct_values ?? []) as string[];

/** Whether a held SD-JWT VC is of a type the query asks for. */
export function fitsQuery(credential: HeldSdJwtVc, query: CredentialQuery): boolean {
  const vcts = queriedTypes(query);
  return vcts.length === 0 || vcts.includes(credential.vct);
}

/**
 * An SD-JWT+KB presentation disclosing `paths`, key-bound to the channel's binding: `aud` the
 * verifier's client_id (redirect) or `origin:` and the page's origin (DC API), and its nonce;
 * broken on purpose as `tamper` says.
 */
export async function presentSdJwtVc(
  credential: HeldSdJwtVc,
  options: {
    paths: string[][];
    binding: WalletBinding;
    holderPrivateJwk: JWK;
    nowSeconds: number;
    tamper?: Tamper | undefined;
  },
): Promise<string> {
  const { binding, tamper } = options;
  // Annex C carries mdocs only (ISO/IEC 18013-7): an SD-JWT VC has no transcript to sign there.
  if (binding.channel === "annex-c")
    throw new TestWalletError("test wallet: an SD-JWT VC is not presented over org-iso-mdoc");
  if (tamper === "handover")
    throw new TestWalletError(
      'test wallet: tamper "handover" breaks an mdoc\'s session transcript; an SD-JWT VC has none (its key binding\'s aud is tampered with "audience")',
    );
  const sdjwt = await holderSdJwtVc(options.holderPrivateJwk);
  const audience = binding.channel === "redirect" ? binding.clientId : `origin:${binding.origin}`;
  const presentation = await sdjwt.present(
    credential.sdJwt,
    presentationFrame(options.paths) as never,
    {
      kb: {
        payload: {
          iat: options.nowSeconds - (tamper === "stale" ? 3600 : 0),
          aud: tamper === "audience" ? "redirect_uri:https://attacker.example/cb" : audience,
          nonce: tamper === "nonce" ? "not-the-verifier-nonce" : binding.nonce,
        },
      },
    },
  );
  return tamperWith(presentation, tamper);
}

/** The holder's claims: every disclosure applied, registered claims left out. */
async function holderClaims(sdJwt: string): Promise<Record<string, unknown>> {
  const all = (await (await holderSdJwtVc()).getClaims(sdJwt)) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => !REGISTERED_CLAIMS.includes(key)),
  );
}
