// The emulator's CPU time per verified mdoc presentation, beside the floor: a bare COSE verify of
// the same document. The emulator runs in a process of its own (emulator-process.mjs, profile
// "plain": the wallet posts its answer as a plain `direct_post` form, so that this file reads the
// very DeviceResponse the emulator verified); the test wallet (@credport/mock/wallet) holds one
// mdoc of the EU age attestation and answers `preset_age_over_18` verifications with it, here.
//
//   emulator: its process's CPU time (user + system) over the wallet's POST of the answer to the
//             response URI: reading the form, the DeviceResponse's CBOR, the issuer signature and
//             its x5chain to the test CA, the digests, the device signature over the session
//             transcript, validity, status list, the verification's transition. Asked over IPC
//             before and after each POST; what the asking costs is measured and taken off.
//   floor:    the two ECDSA P-256 verifications any verifier of this document must do, in this
//             process: the issuer's COSE_Sign1 over the MSO (key from the x5chain leaf) and the
//             device's over DeviceAuthentication (key from the MSO), each key read from its
//             encoding. The Sig_structures come from @owf/mdoc (an independent implementation),
//             which verifies the whole DeviceResponse once against the emulator's CA first.
//
// Part `mdoc`; the ratio is a "record" figure (kept in the baseline, never judged): an mdoc's
// verification is a few milliseconds of CPU on a shared machine and a handful of rounds.
import { createHash, createPublicKey, randomBytes, verify, X509Certificate } from "node:crypto";
import { createTestWallet } from "@credport/mock/wallet";
import { CoseKey, DeviceResponse, SessionTranscript, Verifier } from "@owf/mdoc";
import { median, percentile, QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";
import { forkServer } from "./forked-server.mjs";

if (!wants("mdoc")) process.exit(0);

const PRESENTATIONS = QUICK ? 20 : 60;
/** Bare verifies of the document after each presentation. */
const FLOOR_BATCH = 20;
const AGE_DEFINITION = "credport.age_verification.mdoc.v1";
const AV = "eu.europa.ec.av.1";

const server = forkServer("emulator-process.mjs", { RECORDS: "0", PROFILE: "plain" });
const service = await server.ready;
const { cpu } = server;

/** A service call with the ready project's secret key. */
async function api(path, body) {
  const res = await fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { "x-service-key": service.keys.secretKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

// The wallet's fetch: each answer's POST is timed on the emulator's side, and its DeviceResponse and
// the request's transcript inputs kept for the floor.
const posts = [];
let lastRequest;
const walletFetch = async (input, init = {}) => {
  const url = String(input instanceof Request ? input.url : input);
  if ((init.method ?? "GET") !== "POST" || !url.includes("/oid4vp/responses/")) {
    const res = await fetch(input, init);
    if (url.includes("/oid4vp/requests/")) lastRequest = requestObjectOf(await res.clone().text());
    return res;
  }
  const before = await cpu();
  const res = await fetch(input, init);
  await res.clone().arrayBuffer();
  const micros = (await cpu()) - before;
  posts.push({ micros, form: new URLSearchParams(String(init.body)), request: lastRequest });
  return res;
};

/** The request object's claims: a JWT's payload (its signature is the wallet's business), or JSON. */
function requestObjectOf(text) {
  const parts = text.trim().split(".");
  return JSON.parse(
    parts.length === 3 ? Buffer.from(parts[1], "base64url").toString("utf8") : text,
  );
}

const wallet = await createTestWallet({ fetch: walletFetch });
const offer = await api("/v1/openid4vc/issuance/offer", {
  credentialDefinitionId: AGE_DEFINITION,
  claims: { [AV]: { age_over_18: true } },
});
const held = await wallet.acceptOffer(offer.offerUri ?? offer.offer_uri);
if (held.format !== "mso_mdoc") throw new Error(`the wallet holds a ${held.format}, not an mdoc`);

// What asking for the CPU time costs the emulator: two questions back to back.
const askCost = [];
for (let i = 0; i < 20; i++) {
  const a = await cpu();
  askCost.push((await cpu()) - a);
}
const overhead = median(askCost);

/** One verified presentation; returns the emulator's CPU time over its answer's POST. */
async function presentOnce() {
  const verification = await api("/v1/verifications", { policy_id: "preset_age_over_18" });
  await wallet.present(verification.authorization_request_uri);
  const status = await fetch(`${service.url}/v1/verifications/${verification.id}/status`, {
    headers: { "x-service-key": service.keys.secretKey },
  }).then((r) => r.json());
  if (status.status !== "verified")
    throw new Error(`verification ${verification.id} is ${status.status}, not verified`);
  return Math.max(posts.at(-1).micros - overhead, 0);
}

// Warm-up (the JIT of both sides), and the floor's Sig_structures: @owf/mdoc verifies the last
// warm-up DeviceResponse and hands them over.
for (let i = 0; i < 5; i++) await presentOnce();
const caPem = await fetch(`${service.url}/__emulator/ca.pem`).then((r) => r.text());
const sample = posts.at(-1);
const signatures = await sigStructuresOf(deviceResponseOf(sample.form), sample.request, caPem);
if (signatures.length !== 2)
  throw new Error(
    `@owf/mdoc checked ${signatures.length} signatures, not the issuer's and the device's`,
  );

const keyOf = (signature) =>
  signature.certificate
    ? new X509Certificate(signature.certificate).publicKey
    : createPublicKey({ key: signature.jwk, format: "jwk" });
const bareVerify = () => {
  for (const s of signatures)
    if (!verify("sha256", s.toBeSigned, { key: keyOf(s), dsaEncoding: "ieee-p1363" }, s.signature))
      throw new Error("the floor's verification failed");
};
/** The floor's CPU time per verify of the document, over a batch. */
const floorBatch = () => {
  const start = process.cpuUsage();
  for (let i = 0; i < FLOOR_BATCH; i++) bareVerify();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / FLOOR_BATCH;
};
for (let i = 0; i < 50; i++) bareVerify();

// Rounds: a presentation, then a batch of the floor, so that the machine's load hits both alike.
const rounds = [];
for (let i = 0; i < PRESENTATIONS; i++) {
  const emulator = await presentOnce();
  rounds.push({ emulator, floor: floorBatch() });
}
await server.stop();

const ratio = median(rounds.map((r) => r.emulator / r.floor));
const emulator = median(rounds.map((r) => r.emulator));
const floor = median(rounds.map((r) => r.floor));
const ms = (micros) => `${(micros / 1000).toFixed(2)} ms`;
console.log(
  `\nmdoc presentation verified by the emulator (OpenID4VP direct_post, plain profile), ${rounds.length} rounds of one presentation and ${FLOOR_BATCH} floor verifies, one ${AV} mdoc:`,
);
console.log(
  `  emulator CPU per verified presentation: median ${ms(emulator)}, p90 ${ms(
    percentile(
      rounds.map((r) => r.emulator),
      90,
    ),
  )} (the CPU-time question itself, ${ms(overhead)}, taken off)`,
);
console.log(
  `  floor, a bare COSE verify of the same document (issuer and device ECDSA P-256, Sig_structures by @owf/mdoc): median ${ms(floor)}`,
);
console.log(`  emulator / floor: ${ratio.toFixed(1)}× (median of the rounds' ratios)`);
reportFigure({
  id: "emulator.mdoc-presentation.over-cose-floor",
  label:
    "emulator, CPU per verified mdoc presentation (direct_post) over a bare COSE verify of the same document",
  value: Number(ratio.toFixed(1)),
  unit: "×",
  yardstick: `emulator ${ms(emulator)}, floor ${ms(floor)} (issuer and device ECDSA P-256)`,
  check: "record",
});

/** The DeviceResponse of a `direct_post` form: `vp_token` is `{ <query id>: [<base64url>] }`. */
function deviceResponseOf(form) {
  const vpToken = JSON.parse(form.get("vp_token") ?? "null");
  const first = vpToken && Object.values(vpToken)[0];
  const encoded = Array.isArray(first) ? first[0] : first;
  if (typeof encoded !== "string") throw new Error("the answer carries no vp_token");
  return new Uint8Array(Buffer.from(encoded, "base64url"));
}

/**
 * @owf/mdoc verifies the DeviceResponse (issuer signature, chain to the emulator's CA, digests,
 * device signature over its own OpenID4VP session transcript); its COSE verify callback keeps
 * each Sig_structure, signature and key it was asked about.
 */
async function sigStructuresOf(bytes, request, caPem) {
  const kept = [];
  const root = new X509Certificate(caPem);
  const context = owfContext((entry) => kept.push(entry));
  const transcript = await SessionTranscript.forOid4Vp(
    { clientId: request.client_id, nonce: request.nonce, responseUri: request.response_uri },
    context,
  );
  const failed = [];
  await Verifier.verifyDeviceResponse(
    {
      deviceResponse: DeviceResponse.decode(bytes),
      sessionTranscript: transcript,
      trustedCertificates: [new Uint8Array(root.raw)],
      onCheck: (check) => {
        // ISO 18013-5 Annex B wants a country in the IACA's subject; the test CA names none.
        if (check.status === "FAILED" && !/Country name/i.test(check.check)) failed.push(check);
      },
    },
    context,
  );
  if (failed.length)
    throw new Error(`@owf/mdoc refused the emulator's DeviceResponse: ${JSON.stringify(failed)}`);
  return kept.filter((entry) => entry.ok);
}

/** Node's crypto as @owf/mdoc's primitives (it takes them from its caller). */
function owfContext(keep) {
  const jwkOf = (key) => {
    const { kty, crv, x, y } = key.jwk;
    return { kty, crv, x, y };
  };
  const unsupported = () => {
    throw new Error("MAC device authentication is not used here");
  };
  return {
    crypto: {
      random: (length) => new Uint8Array(randomBytes(length)),
      digest: ({ digestAlgorithm, bytes }) =>
        new Uint8Array(
          createHash(digestAlgorithm.replace("-", "").toLowerCase()).update(bytes).digest(),
        ),
      calculateEphemeralMacKey: unsupported,
    },
    cose: {
      sign1: {
        sign: unsupported,
        verify: ({ key, sign1 }) => {
          const jwk = jwkOf(key);
          const toBeSigned = sign1.toBeSigned;
          const ok = verify(
            "sha256",
            toBeSigned,
            { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
            sign1.signature,
          );
          // The issuer's key is read from the x5chain leaf; the device's from the MSO.
          const certificate = sign1.x5chain?.[0];
          keep({
            ok,
            toBeSigned,
            signature: sign1.signature,
            ...(certificate ? { certificate: Buffer.from(certificate) } : { jwk }),
          });
          return ok;
        },
      },
      mac0: { sign: unsupported, verify: unsupported },
    },
    x509: {
      getIssuerNameField: ({ certificate, field }) => {
        const issuer = new X509Certificate(certificate).issuer;
        const line = issuer.split("\n").find((l) => l.startsWith(`${field}=`));
        return line ? [line.slice(field.length + 1)] : [];
      },
      getPublicKey: ({ certificate }) =>
        CoseKey.fromJwk(new X509Certificate(certificate).publicKey.export({ format: "jwk" })),
      verifyCertificateChain: ({ trustedCertificates, x5chain, now = new Date() }) => {
        const chain = x5chain.map((der) => new X509Certificate(der));
        const roots = trustedCertificates.map((der) => new X509Certificate(der));
        chain.forEach((certificate, i) => {
          if (new Date(certificate.validFrom) > now || now > new Date(certificate.validTo))
            throw new Error(`x5chain[${i}] is not valid now`);
          const next = chain[i + 1];
          if (next && !(certificate.checkIssued(next) && certificate.verify(next.publicKey)))
            throw new Error(`x5chain[${i}] is not signed by the next`);
        });
        const last = chain.at(-1);
        if (!roots.some((r) => last.checkIssued(r) && last.verify(r.publicKey)))
          throw new Error("x5chain does not end at a trusted certificate");
      },
      getCertificateData: ({ certificate }) => {
        const c = new X509Certificate(certificate);
        return {
          issuerName: c.issuer,
          subjectName: c.subject,
          serialNumber: c.serialNumber,
          thumbprint: c.fingerprint256,
          notBefore: new Date(c.validFrom),
          notAfter: new Date(c.validTo),
          pem: c.toString(),
        };
      },
    },
  };
}
