import { Credport } from "@credport/server";
import {
  type ClientTelemetry,
  type CredportLogger,
  createTelemetry,
  type LogFields,
} from "@credport/server/telemetry";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import {
  AggregationTemporality,
  type DataPoint,
  type Histogram,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { badge, FAST, SERVICES, type TestService } from "./support/services.js";

/** A client of the test service with this telemetry (and the fast retries). */
const observedClient = (service: TestService, telemetry: ClientTelemetry) =>
  new Credport({
    secretKey: service.project.secretKey,
    baseUrl: service.baseUrl,
    telemetry,
    ...FAST,
  });

/** Every string a span carries: its name, attributes, events and their attributes, status. */
function spanText(span: ReadableSpan): string {
  return JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    events: span.events.map((e) => ({ name: e.name, attributes: e.attributes })),
    status: span.status,
  });
}

describe.each(SERVICES)("server-client spans and logs ($name)", (transport) => {
  let service: TestService;
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let credport: Credport;

  beforeAll(async () => {
    service = await transport.start();
    credport = observedClient(service, createTelemetry({ tracerProvider: provider }));
    await credport.credentialDefinitions.create(badge());
    exporter.reset();
  });
  afterEach(() => exporter.reset());
  afterAll(() => service.close());

  it("one CLIENT span per call, named after the operation, with the HTTP client attributes", async () => {
    const created = await credport.verifications.create({ policyId: "preset_age_over_18" });
    await credport.verifications.getStatus(created.id);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(["createVerification", "getVerificationStatus"]);
    const [create, status] = spans as [ReadableSpan, ReadableSpan];
    const url = new URL(service.baseUrl);
    expect(create.kind).toBe(SpanKind.CLIENT);
    expect(create.instrumentationScope.name).toBe("@credport/server");
    expect(create.attributes).toMatchObject({
      "http.request.method": "POST",
      "url.full": `${service.baseUrl}/v1/verifications`,
      "server.address": url.hostname,
      "http.response.status_code": 201,
    });
    expect(status.attributes).toMatchObject({
      "http.request.method": "GET",
      "url.full": `${service.baseUrl}/v1/verifications/${created.id}/status`,
      "http.response.status_code": 200,
    });
    expect(create.status.code).not.toBe(SpanStatusCode.ERROR);
    // The client token came back in the answer; no span carries it, nor the secret key.
    for (const span of spans) {
      const text = spanText(span);
      expect(text).not.toContain(service.project.secretKey);
      expect(text).not.toContain(created.clientToken);
    }
  });

  it("a retry is an event on the call's one span; an idempotent replay too", async () => {
    service.model.faults.inject({
      kind: "service_unavailable",
      count: 1,
      path: "/v1/verifications",
      retryAfterSeconds: 0,
    });
    const idempotencyKey = crypto.randomUUID();
    await credport.verifications.create({ policyId: "preset_age_over_18" }, { idempotencyKey });
    await credport.verifications.create({ policyId: "preset_age_over_18" }, { idempotencyKey });
    const [retried, replayed] = exporter.getFinishedSpans() as [ReadableSpan, ReadableSpan];
    expect(retried.events.map((e) => e.name)).toEqual(["credport.retry"]);
    expect(retried.events[0]!.attributes).toMatchObject({
      "http.request.resend_count": 1,
      "error.type": "service_unavailable",
    });
    expect(retried.attributes["http.response.status_code"]).toBe(201);
    expect(replayed.events.map((e) => e.name)).toEqual(["credport.idempotency.replayed"]);
  });

  it("a failed call: status ERROR, error.type the error's code, the response status", async () => {
    await expect(credport.verifications.get("ver_doesnotexist")).rejects.toThrow();
    const [span] = exporter.getFinishedSpans() as [ReadableSpan];
    expect(span.name).toBe("getVerification");
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes).toMatchObject({
      "error.type": "not_found",
      "http.response.status_code": 404,
    });
  });

  it("a list's query (filters, cursors) stays out of url.full", async () => {
    await credport.verifications.list({ status: "pending", limit: 1 });
    const [span] = exporter.getFinishedSpans() as [ReadableSpan];
    expect(span.name).toBe("listVerifications");
    expect(span.attributes["url.full"]).toBe(`${service.baseUrl}/v1/verifications`);
  });

  it("the logger gets one request and one response line per attempt, redacted", async () => {
    const lines: { level: string; message: string; fields?: LogFields | undefined }[] = [];
    const logger: CredportLogger = {
      debug: (message, fields) => lines.push({ level: "debug", message, fields }),
      warn: (message, fields) => lines.push({ level: "warn", message, fields }),
      error: (message, fields) => lines.push({ level: "error", message, fields }),
    };
    const logged = observedClient(service, createTelemetry({ logger }));
    const created = await logged.verifications.create({ policyId: "preset_age_over_18" });
    expect(lines.map((l) => l.message)).toEqual([
      expect.stringMatching(
        /^credport: request POST \/v1\/verifications \(createVerification, attempt 1\)$/,
      ),
      expect.stringMatching(
        /^credport: response 201 POST \/v1\/verifications \(createVerification, attempt 1, \d+ ms/,
      ),
    ]);
    expect(lines[1]!.fields).toMatchObject({ operation: "createVerification", status: 201 });
    const all = JSON.stringify(lines);
    expect(all).not.toContain(service.project.secretKey);
    expect(all).not.toContain(created.clientToken);
  });

  it("CREDPORT_DEBUG=1 writes the lines to console.debug; unset, nothing", async () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    try {
      const quiet = new Credport({
        secretKey: service.project.secretKey,
        baseUrl: service.baseUrl,
      });
      await quiet.policies.list();
      expect(debug).not.toHaveBeenCalled();
      vi.stubEnv("CREDPORT_DEBUG", "1");
      const verbose = new Credport({
        secretKey: service.project.secretKey,
        baseUrl: service.baseUrl,
      });
      await verbose.policies.list();
      expect(debug.mock.calls.map((c) => c[0])).toEqual([
        "credport: request GET /v1/policies (listPolicies, attempt 1)",
        expect.stringMatching(/^credport: response 200 GET \/v1\/policies \(listPolicies/),
      ]);
    } finally {
      vi.unstubAllEnvs();
      debug.mockRestore();
    }
  });
});

describe.each(SERVICES)("the http.client.request.duration metric ($name)", (transport) => {
  let service: TestService;
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });

  beforeAll(async () => {
    service = await transport.start();
  });
  afterAll(async () => {
    await meterProvider.shutdown();
    await service.close();
  });

  it("one value per call in seconds, by method, server, status code and operation ID, never a secret", async () => {
    const credport = observedClient(service, createTelemetry({ meterProvider }));
    const created = await credport.verifications.create({ policyId: "preset_age_over_18" });
    await credport.verifications.getStatus(created.id);
    await credport.verifications.getStatus(created.id);
    await expect(credport.verifications.get("ver_doesnotexist")).rejects.toThrow();
    await reader.forceFlush();
    const metrics = exporter.getMetrics().at(-1)!.scopeMetrics;
    expect(metrics.map((m) => m.scope.name)).toEqual(["@credport/server"]);
    const [duration] = metrics[0]!.metrics;
    expect(duration!.descriptor).toMatchObject({ name: "http.client.request.duration", unit: "s" });
    const points = duration!.dataPoints as DataPoint<Histogram>[];
    const url = new URL(service.baseUrl);
    const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
    const server = { "server.address": url.hostname, "server.port": port };
    expect(points.map((p) => [p.attributes, p.value.count])).toEqual(
      expect.arrayContaining([
        [
          {
            "http.request.method": "POST",
            ...server,
            "credport.operation_id": "createVerification",
            "http.response.status_code": 201,
          },
          1,
        ],
        [
          {
            "http.request.method": "GET",
            ...server,
            "credport.operation_id": "getVerificationStatus",
            "http.response.status_code": 200,
          },
          2,
        ],
        [
          {
            "http.request.method": "GET",
            ...server,
            "credport.operation_id": "getVerification",
            "http.response.status_code": 404,
            "error.type": "not_found",
          },
          1,
        ],
      ]),
    );
    expect(points).toHaveLength(3);
    for (const point of points) {
      // Seconds: a local call takes well under one.
      expect(point.value.sum).toBeGreaterThan(0);
      expect(point.value.max).toBeLessThan(5);
    }
    const all = JSON.stringify(points.map((p) => p.attributes));
    expect(all).not.toContain(service.project.secretKey);
    expect(all).not.toContain(created.clientToken);
    expect(all).not.toContain(created.id);
  });
});

describe("telemetry option", () => {
  it("refuses a logger without debug, warn and error", () => {
    expect(() => createTelemetry({ logger: { warn() {} } as unknown as CredportLogger })).toThrow(
      /logger must have debug, warn and error/,
    );
  });

  it("refuses providers passed as they are, naming createTelemetry", () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    expect(
      () =>
        new Credport({
          secretKey: `sk_test_${"a".repeat(24)}`,
          baseUrl: "https://api.credport.test",
          telemetry: { tracerProvider } as never,
        }),
    ).toThrow(
      expect.objectContaining({
        code: "invalid_option",
        message: expect.stringMatching(/telemetry: pass createTelemetry/),
      }),
    );
  });
});
