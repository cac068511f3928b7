import type { JWK } from "jose";
import type { HeldCredential } from "../types.js";
import type { CredentialQuery } from "./dcql.js";
import type { WalletBinding } from "./presentation-binding.js";
import type { Tamper } from "./sd-jwt-vc/tamper.js";

/**
 * One credential format as the wallet holds it: what an issued credential becomes, which queries
 * it answers, and how it is presented against a channel's binding. The wallet's issuance client
 * and channels know no format; the composition (`test-wallet.ts`) picks one by its identifier.
 */
export interface HolderFormat {
  /** The format identifier in issuer metadata and DCQL (`dc+sd-jwt`). */
  readonly id: HeldCredential["format"];
  /** An issued credential as the wallet keeps it. */
  hold(issued: string, title: string | undefined): Promise<HeldCredential>;
  /** The credential types a query asks for (none: any of this format). */
  queriedTypes(query: CredentialQuery): string[];
  /** Whether a held credential answers the query. */
  fits(credential: HeldCredential, query: CredentialQuery): boolean;
  /** A presentation disclosing `paths`, bound to the binding, broken on purpose as `tamper` says. */
  present(
    credential: HeldCredential,
    options: {
      paths: string[][];
      binding: WalletBinding;
      holderPrivateJwk: JWK;
      nowSeconds: number;
      tamper?: Tamper | undefined;
    },
  ): Promise<string>;
}
