import { CredportError } from "@credport/core";

/**
 * What the test wallet throws when it cannot finish a protocol step: it refused what it was handed
 * (a request object it does not trust, an offer without the grant it needs) or the other side
 * answered an error. A {@link CredportError} with the code `test_wallet_failed`; the message says
 * which step and why.
 */
export class TestWalletError extends CredportError {
  constructor(message: string) {
    super(message, { code: "test_wallet_failed" });
  }
}
