import type { X509Certificate } from "node:crypto";
import { TestWalletError } from "../test-wallet-error.js";
import type { WalletHttp } from "../wallet-http.js";
import { parseCertificate } from "./certificate.js";

/**
 * The CA roots a verifier with an `x509_hash` or `x509_san_dns` client_id must chain to: the ones
 * pinned, else the test CA root the emulator at the request URI's base exports
 * (`GET /__emulator/ca.pem`), fetched once per base and only when needed.
 */
export function caRoots(
  http: WalletHttp,
  pinned: readonly string[] | undefined,
): (requestUri: string) => () => Promise<X509Certificate[]> {
  const pinnedRoots = pinned?.map(parseCertificate);
  const exportedRoots = new Map<string, Promise<X509Certificate[]>>();
  return (requestUri) => {
    if (pinnedRoots) return async () => pinnedRoots;
    const base = requestUri.replace(/\/oid4vp\/requests\/[^/]*$/, "");
    return () => {
      let roots = exportedRoots.get(base);
      if (!roots) {
        roots = http.fetch(`${base}/__emulator/ca.pem`).then(async (response) => {
          if (!response.ok)
            throw new TestWalletError(
              `test wallet: ${base}/__emulator/ca.pem answered ${response.status}: pass trustedRoots`,
            );
          return [parseCertificate(await response.text())];
        });
        roots.catch(() => exportedRoots.delete(base));
        exportedRoots.set(base, roots);
      }
      return roots;
    };
  };
}
