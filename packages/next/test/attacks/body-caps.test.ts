// Issue 12, item 12: headers and Content-Length are checked before any body is read, and no body
// is read past 64 KB.
import { createCredportHandlers } from "@credport/next";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { APP, setUpMockService } from "../support/mock-service.js";

const service = setUpMockService();
const handlers = createCredportHandlers(
  testConfig(service.project, {
    webhook: { secret: service.project.webhookSecret, onEvent: () => {} },
  }),
);
const MB = 1024 * 1024;

/** A 150 MB body produced on demand, counting what the handler pulled. */
function hugeBody() {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= 150 * MB) return controller.close();
      counter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}
const post = (path: string, body: ReadableStream, headers: Record<string, string>) =>
  handlers.POST(
    new Request(`${APP}/api/credport/${path}`, {
      method: "POST",
      headers: { origin: APP, "content-type": "application/json", ...headers },
      body,
      duplex: "half",
    } as RequestInit),
  );

describe("body caps", () => {
  it("finalize with Content-Length over 64 KB: 413 before reading", async () => {
    const { stream, counter } = hugeBody();
    const res = await post("session", stream, { "content-length": String(150 * MB) });
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(128 * 1024);
  });

  it("finalize with a streamed body and no Content-Length: 413 after at most 64 KB and a chunk", async () => {
    const { stream, counter } = hugeBody();
    const res = await post("session", stream, {});
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(192 * 1024);
  });

  it("a webhook without a signature header: 400 before reading the body", async () => {
    const { stream, counter } = hugeBody();
    const res = await post("webhooks", stream, {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("webhook_signature_missing");
    expect(counter.pulled).toBeLessThanOrEqual(128 * 1024);
  });

  it("a signed-looking webhook of 150 MB: 413 without reading it all", async () => {
    const { stream, counter } = hugeBody();
    const res = await post("webhooks", stream, {
      "webhook-signature": `t=${Math.floor(Date.now() / 1000)},v1=00`,
    });
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(192 * 1024);
  });
});
