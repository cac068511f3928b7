import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  formatWebhookSignature,
  parseWebhookSignature,
  signWebhookPayload,
  webhookSignedContent,
} from "../src/index.js";

const SECRET = `whsec_${"s".repeat(32)}`;
const HEX = "a".repeat(64);

describe("the Webhook-Signature header: t=<seconds>,v1=<hex HMAC-SHA256(secret, '<t>.<body>')>", () => {
  it("signs what an independent HMAC-SHA256 over '<t>.<body>' gives", async () => {
    const body = '{"id":"evt_1","type":"verification.verified"}';
    const header = await signWebhookPayload(body, { secret: SECRET, timestamp: 1_700_000_000 });
    const v1 = createHmac("sha256", SECRET).update(`1700000000.${body}`).digest("hex");
    expect(header).toBe(`t=1700000000,v1=${v1}`);
    expect(webhookSignedContent(1_700_000_000, body)).toBe(`1700000000.${body}`);
    expect(formatWebhookSignature(1_700_000_000, v1)).toBe(header);
  });

  it("signs with the current time when no timestamp is given", async () => {
    const before = Math.floor(Date.now() / 1000);
    const parsed = parseWebhookSignature(await signWebhookPayload("{}", { secret: SECRET }));
    expect(parsed?.timestamp).toBeGreaterThanOrEqual(before);
    expect(parsed?.timestamp).toBeLessThanOrEqual(before + 1);
  });

  it("parses what it formats, and every v1 (secret rotation)", () => {
    expect(parseWebhookSignature(formatWebhookSignature(1_700_000_000, HEX))).toEqual({
      timestamp: 1_700_000_000,
      signatures: [HEX],
    });
    expect(parseWebhookSignature(`t=1700000000, v1=${HEX} ,v1=${"b".repeat(64)},v0=x`)).toEqual({
      timestamp: 1_700_000_000,
      signatures: [HEX, "b".repeat(64)],
    });
  });

  it.each([
    "",
    "garbage",
    `v1=${HEX}`, // no timestamp
    "t=1700000000", // no signature
    "t=1700000000,v1=",
    `t=,v1=${HEX}`,
    `t=0x6553F100,v1=${HEX}`, // seconds are decimal digits
    `t=1e9,v1=${HEX}`,
    `t=-1,v1=${HEX}`,
    `t=1700000000.5,v1=${HEX}`,
    `t=1700000000,t=1,v1=${HEX}`, // which one was signed?
    `t=1700000000,v1=${HEX}=junk`,
  ])("refuses the malformed header %j", (header) => {
    expect(parseWebhookSignature(header)).toBeUndefined();
  });
});
