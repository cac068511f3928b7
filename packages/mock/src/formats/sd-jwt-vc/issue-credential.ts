import type { IssueInput } from "../credential-format.js";
import { disclosureFrame, sdJwtVc } from "./sd-jwt.js";

/**
 * An SD-JWT VC (`dc+sd-jwt`) for the holder's key: `iss`, `iat`, `exp`, `vct`, `cnf` and the status
 * list reference in the clear, every claim of the holder selectively disclosable, signed ES256 by
 * the issuer key (`kid`, and `x5c` when the issuer carries a chain).
 */
export async function issueSdJwtVc(input: IssueInput): Promise<string> {
  const sdjwt = await sdJwtVc({ issuerPrivateJwk: input.signingKey.privateJwk });
  return sdjwt.issue(
    {
      iss: input.issuer,
      iat: input.issuedAt,
      exp: input.expiresAt,
      vct: input.vct,
      cnf: { jwk: input.holderJwk },
      status: { status_list: { idx: input.status.idx, uri: input.status.uri } },
      ...input.claims,
    },
    disclosureFrame(input.claims) as never,
    {
      header: {
        kid: input.signingKey.kid,
        typ: "dc+sd-jwt",
        ...(input.x5c ? { x5c: input.x5c } : {}),
      },
    },
  );
}
