// The session routes and the wall as OpenTelemetry sees them, over real HTTP: a span per route
// with its outcome, policy and failure code, the server client's calls as its children, the
// verification counters and the finalize histogram; and the scan every attack suite ends with
// (support/apps.ts) shown to catch a secret.
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { beforeEach, describe, expect, it } from "vitest";
import { setUpService, useApp } from "../support/apps.js";
import { frameworks } from "../support/frameworks.js";
import { send } from "../support/http-client.js";
import {
  metricPoints,
  rememberSecret,
  scanTelemetry,
  spanExporter,
  suiteProviders,
} from "../support/telemetry-scan.js";

const env = setUpService();
const fetchApp = frameworks.find((f) => f.name === "fetch (node:http)")!;

const named = (name: string) => spanExporter.getFinishedSpans().filter((s) => s.name === name);
const only = (name: string): ReadableSpan => {
  const spans = named(name);
  expect(spans, name).toHaveLength(1);
  return spans[0]!;
};

describe("session spans and metrics", () => {
  const app = useApp(fetchApp, env);
  beforeEach(() => spanExporter.reset());

  it("start: a span with the policy and outcome, the server client's call its child", async () => {
    const browser = app.browser();
    await browser.start();
    const start = only("credport.session.start");
    expect(start.kind).toBe(SpanKind.INTERNAL);
    expect(start.instrumentationScope.name).toBe("@credport/session");
    expect(start.attributes).toMatchObject({
      "credport.route": "start",
      "credport.outcome": "started",
      "credport.policy_id": "preset_age_over_18",
      "http.response.status_code": 201,
    });
    const call = only("createVerification");
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(call.parentSpanContext?.spanId).toBe(start.spanContext().spanId);
    expect(call.spanContext().traceId).toBe(start.spanContext().traceId);
  });

  it("a failed verification's status read carries its failure code, and counts it", async () => {
    const browser = app.browser();
    const id = await browser.start();
    env.service.model.verifications.applyTrigger(id, "presentation_failed", {
      failureCode: "claims_missing",
    });
    const status = await browser.api("GET", `verifications/${id}/status`);
    expect(status.json).toMatchObject({ status: "failed" });
    expect(only("credport.session.status").attributes).toMatchObject({
      "credport.outcome": "failed",
      "credport.failure_code": "claims_missing",
      "credport.policy_id": "preset_age_over_18",
    });
    expect(await metricPoints()).toContainEqual({
      name: "credport.verifications.failed",
      attributes: {
        "credport.policy_id": "preset_age_over_18",
        "credport.failure_code": "claims_missing",
      },
      value: 1,
    });
  });

  it("finalize: verified (counted, timed); a replay is refused with its error type", async () => {
    const browser = app.browser();
    const id = await browser.start();
    env.service.verify(id, { age_over_18: true, given_name: "Ada-Secret-Name" });
    const pending = browser.cookieHeader();
    expect((await browser.finalize(id)).status).toBe(200);
    const finalize = only("credport.session.finalize");
    expect(finalize.attributes).toMatchObject({
      "credport.outcome": "verified",
      "credport.policy_id": "preset_age_over_18",
      "http.response.status_code": 200,
    });
    expect(named("getVerificationResult")[0]?.parentSpanContext?.spanId).toBe(
      finalize.spanContext().spanId,
    );
    spanExporter.reset();
    const replay = await browser.api(
      "POST",
      "session",
      { verificationId: id },
      { cookie: pending },
    );
    expect(replay.status).toBe(409);
    expect(only("credport.session.finalize").attributes).toMatchObject({
      "credport.outcome": "refused",
      "error.type": "verification_already_finalized",
      "http.response.status_code": 409,
    });
    const points = await metricPoints();
    expect(points.find((p) => p.name === "credport.verifications.verified")?.value).toBeGreaterThan(
      0,
    );
    const durations = points.filter((p) => p.name === "credport.session.finalize.duration");
    expect(durations.map((p) => p.attributes["credport.outcome"])).toEqual(
      expect.arrayContaining(["verified", "refused"]),
    );
    expect(
      points.find((p) => p.name === "credport.verifications.started")?.value,
    ).toBeGreaterThanOrEqual(3);
  });

  it("protect: redirected without a session, allowed with one (its policy)", async () => {
    const browser = app.browser();
    expect((await browser.page("/members")).status).toBe(307);
    expect(only("credport.session.protect").attributes).toMatchObject({
      "credport.outcome": "redirected",
      "http.response.status_code": 307,
    });
    const id = await browser.start();
    env.service.verify(id);
    await browser.finalize(id);
    spanExporter.reset();
    expect((await browser.page("/members")).status).toBe(200);
    expect(only("credport.session.protect").attributes).toMatchObject({
      "credport.outcome": "allowed",
      "credport.policy_id": "preset_age_over_18",
    });
  });

  it("webhook: the event type as the outcome; a stale signature is refused with its error type", async () => {
    const browser = app.browser();
    const id = await browser.start();
    env.service.verify(id);
    const event = env.service.model.webhooks.events.at(-1)!;
    const deliver = (signature: string) =>
      send(app.url, "/api/credport/webhooks", {
        method: "POST",
        headers: { "webhook-signature": signature, "content-type": "application/json" },
        body: event.payload,
      });
    expect((await deliver(event.signature)).status).toBe(204);
    expect(only("credport.session.webhook").attributes).toMatchObject({
      "credport.outcome": "verification.verified",
      "credport.policy_id": "preset_age_over_18",
    });
    spanExporter.reset();
    expect((await deliver("t=1,v1=00")).status).toBe(400);
    const forged = only("credport.session.webhook");
    expect(forged.attributes["error.type"]).toBe("webhook_timestamp_out_of_tolerance");
    expect(forged.status.code).not.toBe(SpanStatusCode.ERROR);
  });
});

it("the scan the attack suites end with finds a secret put in a span", async () => {
  const planted = `sk_test_${"p".repeat(24)}`;
  rememberSecret(planted);
  try {
    const tracer = suiteProviders.tracerProvider.getTracer("test");
    tracer
      .startSpan("planted", { attributes: { "http.request.header.x-service-key": planted } })
      .end();
    const { leaks, spans } = await scanTelemetry([]);
    expect(spans).toBeGreaterThan(0);
    expect(leaks).toEqual([expect.stringContaining("sk_tes… in")]);
  } finally {
    spanExporter.reset();
  }
});
