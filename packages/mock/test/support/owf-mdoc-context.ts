import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign,
  verify,
  X509Certificate,
} from "node:crypto";
import { CoseKey, type MdocContext } from "@owf/mdoc";
import { X509Certificate as PeculiarCertificate } from "@peculiar/x509";

/**
 * The crypto @owf/mdoc is handed (it takes its primitives from the caller): Node's ECDSA, SHA-256
 * and certificates. Only the primitives are ours; the mdoc structures, digests, transcripts and
 * `DeviceAuthentication` it builds and checks are the library's own.
 */
const jwkOf = (key: CoseKey) => key.jwk as Record<string, string>;
const jwkInput = (jwk: Record<string, string>) => ({ key: jwk as never, format: "jwk" as const });

export const owfContext: MdocContext = {
  crypto: {
    random: (length) => new Uint8Array(randomBytes(length)),
    digest: ({ digestAlgorithm, bytes }) =>
      new Uint8Array(
        createHash(digestAlgorithm.replace("-", "").toLowerCase()).update(bytes).digest(),
      ),
    calculateEphemeralMacKey: () => {
      throw new Error("MAC device authentication is not used here");
    },
  },
  cose: {
    sign1: {
      sign: ({ toBeSigned, key }) => {
        const { kty, crv, x, y, d } = jwkOf(key);
        const privateKey = createPrivateKey(
          jwkInput({ kty, crv, x, y, d } as Record<string, string>),
        );
        return new Uint8Array(
          sign("sha256", toBeSigned, { key: privateKey, dsaEncoding: "ieee-p1363" }),
        );
      },
      verify: ({ key, sign1 }) => {
        const { kty, crv, x, y } = jwkOf(key);
        const publicKey = createPublicKey(jwkInput({ kty, crv, x, y } as Record<string, string>));
        return verify(
          "sha256",
          sign1.toBeSigned,
          { key: publicKey, dsaEncoding: "ieee-p1363" },
          sign1.signature,
        );
      },
    },
    mac0: {
      sign: () => {
        throw new Error("MAC is not used here");
      },
      verify: () => {
        throw new Error("MAC is not used here");
      },
    },
  },
  x509: {
    getIssuerNameField: ({ certificate, field }) =>
      new PeculiarCertificate(
        new Uint8Array(certificate).buffer as ArrayBuffer,
      ).issuerName.getField(field),
    getPublicKey: ({ certificate }) => {
      const jwk = new X509Certificate(certificate).publicKey.export({ format: "jwk" });
      return CoseKey.fromJwk(jwk as Record<string, unknown>);
    },
    verifyCertificateChain: ({ trustedCertificates, x5chain, now = new Date() }) => {
      const chain = x5chain.map((der) => new X509Certificate(der));
      const roots = trustedCertificates.map((der) => new X509Certificate(der));
      const inPeriod = (c: X509Certificate) =>
        new Date(c.validFrom) <= now && now <= new Date(c.validTo);
      chain.forEach((cert, i) => {
        if (!inPeriod(cert)) throw new Error(`x5chain[${i}] is not valid now`);
        const next = chain[i + 1];
        if (next && !(cert.checkIssued(next) && cert.verify(next.publicKey)))
          throw new Error(`x5chain[${i}] is not signed by the next`);
      });
      const last = chain.at(-1)!;
      if (!roots.some((root) => last.checkIssued(root) && last.verify(root.publicKey)))
        throw new Error("x5chain does not end at a trusted certificate");
    },
    getCertificateData: ({ certificate }) => {
      const cert = new X509Certificate(certificate);
      return {
        issuerName: cert.issuer,
        subjectName: cert.subject,
        serialNumber: cert.serialNumber,
        thumbprint: cert.fingerprint256,
        notBefore: new Date(cert.validFrom),
        notAfter: new Date(cert.validTo),
        pem: cert.toString(),
      };
    },
  },
};
