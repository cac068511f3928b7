/**
 * Ways to make a presentation fail on purpose. `handover` is an mdoc's: its device signs the
 * session transcript of another handover the verifier knows (`transcript`).
 */
export const TAMPERS = [
  "disclosure",
  "signature",
  "nonce",
  "audience",
  "sd_hash",
  "stale",
  "handover",
] as const;
export type Tamper = (typeof TAMPERS)[number];

/**
 * Breaks a finished presentation (SD-JWT+KB) in the way named; `nonce`, `audience` and `stale`
 * are applied while the key binding is signed instead.
 */
export function tamperWith(presentation: string, tamper: Tamper | undefined): string {
  const parts = presentation.split("~");
  if (tamper === "signature") {
    const [header, payload, signature] = parts[0]!.split(".");
    parts[0] = `${header}.${payload}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
  }
  if (tamper === "disclosure" && parts.length > 2) {
    const disclosure = JSON.parse(
      Buffer.from(parts[1]!, "base64url").toString("utf8"),
    ) as unknown[];
    disclosure[2] = typeof disclosure[2] === "string" ? `${disclosure[2]}!` : "changed";
    parts[1] = Buffer.from(JSON.stringify(disclosure)).toString("base64url");
  }
  if (tamper === "sd_hash" && parts.length > 2) parts.splice(1, 1);
  return parts.join("~");
}
