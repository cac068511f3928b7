/**
 * What a presentation must be bound to, as the wallet's channel learned it from the request: the
 * one value the wallet's channel hands to its format (SD-JWT VC signs it into the key-binding
 * JWT; mdoc into the session transcript). The wallet's own type: it shares no code with the mock.
 */
export type WalletBinding =
  | {
      channel: "redirect";
      /** The verifier's `client_id`. */
      clientId: string;
      nonce: string;
      responseUri: string;
    }
  | {
      channel: "dc-api";
      /** The origin of the page that asked, as the browser tells the wallet. */
      origin: string;
      nonce: string;
    };
