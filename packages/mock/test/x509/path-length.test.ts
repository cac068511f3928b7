// basicConstraints pathLenConstraint (RFC 5280 §4.2.1.9) in the chain check every trusted-issuer
// chain goes through (SD-JWT VC `x5c`, mdoc `x5chain`, and the test wallet's checks of request
// objects and readerAuth): a CA may be followed by at most that many intermediate CA certificates
// below it. Chains made here with @peculiar/x509.
import { webcrypto, X509Certificate } from "node:crypto";
import * as x509 from "@peculiar/x509";
import { describe, expect, it } from "vitest";
import { chainProblem } from "../../src/x509/certificate-chain.js";

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const DAY = 24 * 60 * 60 * 1000;

interface Made {
  cert: x509.X509Certificate;
  keys: CryptoKeyPair;
}
const keys = async () =>
  (await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;

async function root(pathLength: number | undefined): Promise<Made> {
  const made = await keys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=Root ${pathLength ?? "unbounded"}`,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + DAY),
    keys: made,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, pathLength, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
    ],
  });
  return { cert, keys: made };
}

async function under(
  parent: Made,
  options: { ca: boolean; pathLength?: number; name: string },
): Promise<Made> {
  const made = await keys();
  const cert = await x509.X509CertificateGenerator.create({
    subject: `CN=${options.name}`,
    issuer: parent.cert.subject,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + DAY),
    signingKey: parent.keys.privateKey,
    publicKey: made.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(options.ca, options.pathLength, true),
      new x509.KeyUsagesExtension(
        options.ca ? x509.KeyUsageFlags.keyCertSign : x509.KeyUsageFlags.digitalSignature,
        true,
      ),
    ],
  });
  return { cert, keys: made };
}

const x5c = (...chain: Made[]) => chain.map((m) => Buffer.from(m.cert.rawData).toString("base64"));
const anchor = (made: Made) => new X509Certificate(Buffer.from(made.cert.rawData));

describe("chainProblem: basicConstraints pathLenConstraint", () => {
  it("a root with pathLen 0 signs leaves, but no intermediate CA", async () => {
    const r = await root(0);
    const leaf = await under(r, { ca: false, name: "Leaf" });
    expect(chainProblem(x5c(leaf), [anchor(r)], new Date())).toBeUndefined();
    const intermediate = await under(r, { ca: true, name: "Intermediate" });
    const below = await under(intermediate, { ca: false, name: "Leaf below" });
    expect(chainProblem(x5c(below, intermediate), [anchor(r)], new Date())).toMatch(
      /pathLenConstraint/,
    );
  });

  it("a root with pathLen 1 allows one intermediate, not two", async () => {
    const r = await root(1);
    const first = await under(r, { ca: true, name: "First" });
    const leaf = await under(first, { ca: false, name: "Leaf" });
    expect(chainProblem(x5c(leaf, first), [anchor(r)], new Date())).toBeUndefined();
    const second = await under(first, { ca: true, name: "Second" });
    const deeper = await under(second, { ca: false, name: "Deeper leaf" });
    expect(chainProblem(x5c(deeper, second, first), [anchor(r)], new Date())).toMatch(
      /pathLenConstraint/,
    );
  });

  it("an intermediate's own pathLen 0 forbids a CA below it, whatever the root allows", async () => {
    const r = await root(undefined);
    const limited = await under(r, { ca: true, pathLength: 0, name: "Limited" });
    const sub = await under(limited, { ca: true, name: "Sub CA" });
    const leaf = await under(sub, { ca: false, name: "Leaf" });
    const problem = chainProblem(x5c(leaf, sub, limited), [anchor(r)], new Date());
    expect(problem).toMatch(/x5c\[2\].*pathLenConstraint 0/);
    const direct = await under(limited, { ca: false, name: "Direct leaf" });
    expect(chainProblem(x5c(direct, limited), [anchor(r)], new Date())).toBeUndefined();
  });
});
