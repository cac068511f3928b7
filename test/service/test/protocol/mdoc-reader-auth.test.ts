// Reader authentication on Annex C requests (ISO/IEC 18013-5 §9.1.4, ISO/IEC 18013-7 Annex C):
// each `ItemsRequest` of an `org-iso-mdoc` request carries `readerAuth`, a COSE_Sign1 with a
// detached payload `ReaderAuthenticationBytes = #6.24(["ReaderAuthentication", SessionTranscript,
// ItemsRequestBytes])` and the reader's certificate (under the emulator's test CA) in `x5chain`.
// A second implementation, @owf/mdoc, checks what the emulator signs; the test wallet refuses a
// request whose readerAuth is missing, forged, from another CA or for another origin.
import { webcrypto, X509Certificate } from "node:crypto";
import { createTestWallet, type TestWallet } from "@credport/mock/wallet";
import {
  CoseKey,
  cborEncode,
  DataItem,
  DeviceRequest,
  DocRequest,
  ProtectedHeaders,
  ReaderAuth,
  UnprotectedHeaders,
} from "@owf/mdoc";
import * as x509 from "@peculiar/x509";
import { exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { annexCTranscript } from "../../../../packages/mock/test/support/owf-annex-c-transcript.js";
import { owfContext } from "../../../../packages/mock/test/support/owf-mdoc-context.js";
import { type Issuer, send, startIssuer } from "./raw-protocol.js";

const AV = "eu.europa.ec.av.1";
const MDOC_AV = "credport.age_verification.mdoc.v1";
const ORIGIN = "https://shop.example";
const OTHER_ORIGIN = "https://kiosk.example";
/** id-mdl-kp-mdlReaderAuth (ISO/IEC 18013-5 Annex B.1.7). */
const MDL_READER_AUTH = "1.0.18013.5.1.6";

type DcApiRequest = { protocol: string; data: Record<string, string> };
type Created = { id: string; dc_api_requests: DcApiRequest[] };

const fromB64u = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

describe("Annex C readerAuth", () => {
  let issuer: Issuer;
  let wallet: TestWallet;
  let rootDer: Uint8Array;

  beforeAll(async () => {
    issuer = await startIssuer({ profile: "plain" });
    const offer = await issuer.service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: MDOC_AV,
      claims: { [AV]: { age_over_18: true } },
    });
    wallet = await createTestWallet();
    await wallet.acceptOffer(offer.body.offerUri as string);
    rootDer = new Uint8Array(
      new X509Certificate(await (await send(`${issuer.emulator.url}/__emulator/ca.pem`)).text).raw,
    );
  });
  afterAll(() => issuer.close());

  const create = async (origins = [ORIGIN]): Promise<Created> => {
    const policy = await issuer.service("POST", "/v1/policies", {
      name: "Over 18 (mdoc)",
      credential_definition_id: MDOC_AV,
      fields: [{ path: [AV, "age_over_18"], values: [true] }],
    });
    const created = await issuer.service("POST", "/v1/verifications", {
      policy_id: policy.body.policy_id,
      expected_origins: origins,
    });
    expect(created.status).toBe(201);
    return created.body as unknown as Created;
  };
  const annexCRequests = (created: Created) =>
    created.dc_api_requests.filter((r) => r.protocol === "org-iso-mdoc");

  /** @owf/mdoc's verdict on a request's readerAuth for a page at `origin`: the failures. */
  async function owfVerdict(request: DcApiRequest, origin: string) {
    const deviceRequest = DeviceRequest.decode(fromB64u(request.data.deviceRequest!));
    const sessionTranscript = await annexCTranscript(request.data.encryptionInfo!, origin);
    const failures: string[] = [];
    for (const docRequest of deviceRequest.docRequests) {
      const readerAuth = docRequest.readerAuth;
      if (!readerAuth) {
        failures.push("no readerAuth");
        continue;
      }
      await readerAuth
        .verify(
          {
            readerAuthentication: { sessionTranscript, itemsRequest: docRequest.itemsRequest },
            verificationCallback: (check) => {
              if (check.status === "FAILED") failures.push(check.check);
            },
          },
          owfContext,
        )
        .catch((error: Error) => failures.push(error.message));
      owfContext.x509.verifyCertificateChain({
        trustedCertificates: [rootDer],
        x5chain: readerAuth.certificateChain,
      });
    }
    return failures;
  }

  it("the emulator signs each ItemsRequest; @owf/mdoc verifies readerAuth over the Annex C transcript, chained to the test CA", async () => {
    const [request] = annexCRequests(await create());
    expect(await owfVerdict(request!, ORIGIN)).toEqual([]);
    // Over another origin's transcript it does not verify: the signature binds the page's origin.
    expect((await owfVerdict(request!, OTHER_ORIGIN)).length).toBeGreaterThan(0);
  });

  it("the reader certificate follows the reader authentication profile (ISO/IEC 18013-5 Annex B.1.7)", async () => {
    const [request] = annexCRequests(await create());
    const deviceRequest = DeviceRequest.decode(fromB64u(request!.data.deviceRequest!));
    const leaf = new x509.X509Certificate(
      deviceRequest.docRequests[0]!.readerAuth!.certificate as Uint8Array<ArrayBuffer>,
    );
    const eku = leaf.getExtension(x509.ExtendedKeyUsageExtension);
    expect(eku?.usages).toEqual([MDL_READER_AUTH]);
    expect(eku?.critical).toBe(true);
    const keyUsage = leaf.getExtension(x509.KeyUsagesExtension);
    expect(keyUsage?.usages).toBe(x509.KeyUsageFlags.digitalSignature);
    expect(leaf.getExtension(x509.BasicConstraintsExtension)?.ca ?? false).toBe(false);
    expect(leaf.getExtension(x509.AuthorityKeyIdentifierExtension)).toBeTruthy();
    expect(leaf.getExtension(x509.SubjectKeyIdentifierExtension)).toBeTruthy();
    // Under the exported test CA root.
    const root = new x509.X509Certificate(rootDer as Uint8Array<ArrayBuffer>);
    expect(leaf.issuer).toBe(root.subject);
    expect(await leaf.verify({ publicKey: root.publicKey, signatureOnly: true })).toBe(true);
  });

  it("with several expected origins, one org-iso-mdoc request per origin, each signed for its own; the wallet answers at either", async () => {
    const created = await create([OTHER_ORIGIN, ORIGIN]);
    const requests = annexCRequests(created);
    expect(requests).toHaveLength(2);
    expect(await owfVerdict(requests[0]!, OTHER_ORIGIN)).toEqual([]);
    expect(await owfVerdict(requests[1]!, ORIGIN)).toEqual([]);
    for (const origin of [ORIGIN, OTHER_ORIGIN]) {
      const answer = await wallet.answerDcApiRequest(created.dc_api_requests, {
        origin,
        protocol: "org-iso-mdoc",
      });
      expect(Object.keys(answer.data)).toEqual(["response"]);
    }
  });

  describe("the test wallet refuses an Annex C request whose readerAuth does not hold", () => {
    /** The request with each DocRequest's readerAuth replaced (or removed). */
    const withReaderAuth = (
      request: DcApiRequest,
      readerAuthOf: (docRequest: DocRequest) => Promise<ReaderAuth | undefined>,
    ) =>
      (async () => {
        const deviceRequest = DeviceRequest.decode(fromB64u(request.data.deviceRequest!));
        const docRequests: DocRequest[] = [];
        for (const docRequest of deviceRequest.docRequests) {
          const readerAuth = await readerAuthOf(docRequest);
          docRequests.push(
            DocRequest.create({
              itemsRequest: docRequest.itemsRequest,
              ...(readerAuth ? { readerAuth } : {}),
            }),
          );
        }
        return {
          protocol: request.protocol,
          data: {
            ...request.data,
            deviceRequest: b64u(DeviceRequest.create({ version: "1.0", docRequests }).encode()),
          },
        };
      })();
    const refusal = (requests: DcApiRequest[], origin = ORIGIN) =>
      wallet.answerDcApiRequest(requests, { origin, protocol: "org-iso-mdoc" });

    /** A P-256 key as @owf/mdoc's CoseKey, with its CryptoKeyPair. */
    async function newKey() {
      const keys = (await webcrypto.subtle.generateKey(
        { name: "ECDSA", namedCurve: "P-256" },
        true,
        ["sign", "verify"],
      )) as CryptoKeyPair;
      const jwk = await exportJWK(keys.privateKey);
      return { keys, coseKey: CoseKey.fromJwk({ ...jwk, alg: "ES256" } as never) };
    }
    const sign = async (
      request: DcApiRequest,
      docRequest: DocRequest,
      key: CoseKey,
      x5chain: Uint8Array[],
      origin = ORIGIN,
    ) =>
      ReaderAuth.create(
        {
          protectedHeaders: ProtectedHeaders.create({ protectedHeaders: new Map([[1, -7]]) }),
          unprotectedHeaders: UnprotectedHeaders.create({
            unprotectedHeaders: new Map([[33, x5chain.length === 1 ? x5chain[0] : x5chain]]),
          }),
          payload: null,
          // ReaderAuthenticationBytes (@owf/mdoc 0.6 does not export its ReaderAuthentication).
          detachedPayload: cborEncode(
            DataItem.fromData([
              "ReaderAuthentication",
              (await annexCTranscript(request.data.encryptionInfo!, origin)).encodedStructure,
              DataItem.fromData(docRequest.itemsRequest.encodedStructure),
            ]),
          ),
          signingKey: key,
        },
        owfContext,
      );

    it("without readerAuth", async () => {
      const [request] = annexCRequests(await create());
      await expect(
        refusal([await withReaderAuth(request!, async () => undefined)]),
      ).rejects.toThrow(/readerAuth is missing/);
    });

    it("signed by another key than its certificate's (forged)", async () => {
      const [request] = annexCRequests(await create());
      const { coseKey } = await newKey();
      const forged = await withReaderAuth(request!, async (docRequest) =>
        sign(request!, docRequest, coseKey, docRequest.readerAuth!.certificateChain),
      );
      await expect(refusal([forged])).rejects.toThrow(/readerAuth does not verify/);
    });

    it("by a reader certificate under another CA", async () => {
      const [request] = annexCRequests(await create());
      const ca = await newKey();
      const reader = await newKey();
      const alg = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
      const caCert = await x509.X509CertificateGenerator.createSelfSigned({
        name: "CN=Another reader CA",
        keys: ca.keys,
        signingAlgorithm: alg,
        extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
      });
      const leaf = await x509.X509CertificateGenerator.create({
        subject: "CN=Another reader",
        issuer: caCert.subject,
        publicKey: reader.keys.publicKey,
        signingKey: ca.keys.privateKey,
        signingAlgorithm: alg,
        extensions: [
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([MDL_READER_AUTH], true),
        ],
      });
      const foreign = await withReaderAuth(request!, async (docRequest) =>
        sign(request!, docRequest, reader.coseKey, [new Uint8Array(leaf.rawData)]),
      );
      await expect(refusal([foreign])).rejects.toThrow(/readerAuth certificate is not trusted/);
    });

    it("by a certificate under the test CA that is not a reader authentication certificate", async () => {
      const [request] = annexCRequests(await create());
      const signer = await newKey();
      const notReader = await issuer.model.ca.issueLeaf({
        commonName: "Some verifier",
        publicJwk: await exportJWK(signer.keys.publicKey),
        dnsNames: ["verifier.example"],
      });
      const signed = await withReaderAuth(request!, async (docRequest) =>
        sign(request!, docRequest, signer.coseKey, [
          new Uint8Array(Buffer.from(notReader, "base64")),
        ]),
      );
      await expect(refusal([signed])).rejects.toThrow(/not a reader authentication certificate/);
    });

    it("signed for another origin than the page's", async () => {
      const [request] = annexCRequests(await create([OTHER_ORIGIN]));
      await expect(refusal([request!], ORIGIN)).rejects.toThrow(/readerAuth does not verify/);
      // The same request at its own origin is answered.
      await expect(refusal([request!], OTHER_ORIGIN)).resolves.toMatchObject({
        protocol: "org-iso-mdoc",
      });
    });
  });
});
