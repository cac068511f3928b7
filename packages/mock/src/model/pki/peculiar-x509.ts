import { webcrypto } from "node:crypto";

/**
 * @peculiar/x509, loaded when a certificate is first made: it installs a `Reflect.metadata`
 * polyfill when imported, which models on the plain profile never need.
 */
export async function x509() {
  const lib = await import("@peculiar/x509");
  lib.cryptoProvider.set(nodeRealmCrypto);
  return lib;
}

/**
 * Node's Web Crypto, handed bytes from this realm only: under a jsdom test environment the
 * ASN.1 library makes its buffers with the window's `ArrayBuffer`, which Node's Web Crypto refuses
 * ("not instance of ArrayBuffer"). Each buffer argument is copied into a Node Buffer first.
 */
const nodeRealmCrypto = (() => {
  const copy = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    const tag = Object.prototype.toString.call(value);
    if (tag === "[object ArrayBuffer]") return Buffer.from(new Uint8Array(value as ArrayBuffer));
    if (ArrayBuffer.isView(value))
      return Buffer.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    return value;
  };
  const subtle = new Proxy(webcrypto.subtle, {
    get(target, name) {
      const member = Reflect.get(target, name, target);
      return typeof member === "function"
        ? (...args: unknown[]) => member.apply(target, args.map(copy))
        : member;
    },
  });
  return {
    subtle,
    getRandomValues: webcrypto.getRandomValues.bind(webcrypto),
    randomUUID: webcrypto.randomUUID.bind(webcrypto),
  } as unknown as Crypto;
})();

/**
 * A CA certificate's key identifier, base64url: its SubjectKeyIdentifier, which the certificates it
 * signs carry as their AuthorityKeyIdentifier (DCQL `trusted_authorities` type `aki`); for a CA
 * without one, the SHA-1 of its public key, as RFC 5280 §4.2.1.2 method 1 derives it.
 */
export async function keyIdentifierOf(der: Uint8Array): Promise<string> {
  const lib = await x509();
  const cert = new lib.X509Certificate(new Uint8Array(der));
  const ski = cert.getExtension(lib.SubjectKeyIdentifierExtension);
  if (ski) return Buffer.from(ski.keyId, "hex").toString("base64url");
  return Buffer.from(await cert.publicKey.getKeyIdentifier()).toString("base64url");
}
