import { X509Certificate } from "node:crypto";
import { TestWalletError } from "../test-wallet-error.js";

/** A certificate given as PEM or as base64 DER. */
export function parseCertificate(text: string): X509Certificate {
  const base64 = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  try {
    return new X509Certificate(Buffer.from(base64, "base64"));
  } catch {
    throw new TestWalletError(
      "test wallet: trustedRoots holds something that is not a certificate",
    );
  }
}
