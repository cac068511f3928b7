// A webhook endpoint is public: anyone can post to it. `verifyWebhook(request)` looks at the
// signature header before reading any body, and reads the body as a stream up to a cap, cancelling
// it past the cap; here a hostile body stream would yield 300 MB.
import {
  Credport,
  CredportConfigurationError,
  CredportSignatureVerificationError,
  signWebhookPayload,
  verifyWebhook,
} from "@credport/server";
import { describe, expect, it } from "vitest";

const SECRET = `whsec_${"w".repeat(32)}`;
const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const HOSTILE_BYTES = 300 * MiB;

/** A request whose body stream yields `total` bytes on demand, counting what was pulled. */
function hostileRequest(headers: Record<string, string>, total = HOSTILE_BYTES) {
  const counts = { chunks: 0, bytes: 0, cancelled: false };
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counts.bytes >= total) return controller.close();
        counts.chunks++;
        counts.bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        counts.cancelled = true;
      },
    },
    // Nothing is pulled until someone reads.
    { highWaterMark: 0 },
  );
  const request = new Request("https://app.test/webhooks", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, counts };
}

const now = () => Math.floor(Date.now() / 1000);
const plausibleSignature = () => `t=${now()},v1=${"0".repeat(64)}`;

const verifiers = [
  ["verifyWebhook", verifyWebhook],
  [
    "credport.webhooks.verify",
    (input: Request, options: Parameters<typeof verifyWebhook>[1]) =>
      new Credport({
        secretKey: `sk_test_${"a".repeat(24)}`,
        baseUrl: "https://api.example.test",
      }).webhooks.verify(input, options),
  ],
] as const;

describe.each(verifiers)("%s(request) with a 300 MB body stream", (_, verify) => {
  it.each([
    ["no signature header", {}, "webhook_signature_missing"],
    [
      "an unparseable signature header",
      { "webhook-signature": "nonsense" },
      "webhook_signature_malformed",
    ],
    [
      "a signature older than the tolerance",
      { "webhook-signature": `t=${now() - 3600},v1=${"0".repeat(64)}` },
      "webhook_timestamp_out_of_tolerance",
    ],
  ])("%s: refused without pulling a byte of the body", async (_, headers, code) => {
    const { request, counts } = hostileRequest(headers);
    const error = await verify(request, { secret: SECRET }).catch((e) => e);
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expect(error.code).toBe(code);
    expect(counts.chunks).toBe(0);
  });

  it("with a signature header: reading stops at the 1 MiB default cap and the stream is cancelled", async () => {
    const { request, counts } = hostileRequest({ "webhook-signature": plausibleSignature() });
    const error = await verify(request, { secret: SECRET }).catch((e) => e);
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expect(error.code).toBe("webhook_body_too_large");
    expect(error.message).toContain("1048576 bytes");
    expect(error.message).toContain("maxBodyBytes");
    expect(error.details).toEqual({ maxBodyBytes: MiB });
    // At most the cap and the chunk that crossed it, out of 300 MB.
    expect(counts.bytes).toBeLessThanOrEqual(MiB + CHUNK);
    expect(counts.cancelled).toBe(true);
  });

  it("a Content-Length over the cap: refused before reading", async () => {
    const { request, counts } = hostileRequest({
      "webhook-signature": plausibleSignature(),
      "content-length": String(HOSTILE_BYTES),
    });
    const error = await verify(request, { secret: SECRET }).catch((e) => e);
    expect(error.code).toBe("webhook_body_too_large");
    expect(counts.chunks).toBe(0);
  });

  it("maxBodyBytes sets the cap, named in the error", async () => {
    const { request, counts } = hostileRequest({ "webhook-signature": plausibleSignature() });
    const error = await verify(request, { secret: SECRET, maxBodyBytes: 1000 }).catch((e) => e);
    expect(error.code).toBe("webhook_body_too_large");
    expect(error.message).toContain("1000 bytes");
    expect(counts.chunks).toBe(1);
  });

  it("a genuine event inside the cap, streamed in pieces, verifies", async () => {
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "x.unknown", created: 1 });
    const signature = await signWebhookPayload(payload, { secret: SECRET });
    const bytes = new TextEncoder().encode(payload);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const request = new Request("https://app.test/webhooks", {
      method: "POST",
      headers: { "webhook-signature": signature },
      body,
      duplex: "half",
    } as RequestInit);
    await expect(verify(request, { secret: SECRET, maxBodyBytes: bytes.length })).resolves.toEqual(
      JSON.parse(payload),
    );
  });

  it.each([0, -1, 1.5, Number.NaN, "1024"])(
    "maxBodyBytes %s: a configuration error",
    async (max) => {
      const { request, counts } = hostileRequest({ "webhook-signature": plausibleSignature() });
      const error = await verify(request, { secret: SECRET, maxBodyBytes: max as number }).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(CredportConfigurationError);
      expect(error.message).toContain("maxBodyBytes");
      expect(counts.chunks).toBe(0);
    },
  );
});
