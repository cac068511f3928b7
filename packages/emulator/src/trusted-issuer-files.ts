import { readFileSync } from "node:fs";
import { TrustedIssuers } from "@credport/mock";

/**
 * The root certificates in `--trust-issuer` files (PEM, one or more certificates each), checked as
 * `startEmulator({ trustedIssuers })` checks them — each a CA certificate valid now — with errors
 * that name the flag and the file.
 */
export function readTrustedIssuerFiles(files: readonly string[]): string[] {
  const texts = files.map((file) => {
    try {
      return readFileSync(file, "utf8");
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new Error(
        code === "ENOENT"
          ? `--trust-issuer ${file}: no such file`
          : `--trust-issuer ${file}: cannot be read (${String(code ?? "error")})`,
      );
    }
  });
  try {
    TrustedIssuers.resolve(texts, (i) => `--trust-issuer ${files[i]}`);
  } catch (error) {
    throw new Error((error as Error).message.replace(/^@credport\/mock: /, ""));
  }
  return texts;
}
