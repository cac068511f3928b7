// The README's "Tracing" and "Logging" examples, run as written against the mock service: the
// global providers the example hands over get the spans; `logger: console` gets redacted lines.
import type { Credport } from "@credport/server";
import type { CredportLogger, CredportTelemetry } from "@credport/server/telemetry";
import { metrics, trace } from "@opentelemetry/api";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { expect, it, vi } from "vitest";
import { readmeExamples } from "./support/readme-examples.js";

const examples = readmeExamples();
const importExample = (heading: string) =>
  examples.importExample(heading) as Promise<{ credport: Credport }>;

// What the README hands over type-checks as is: OpenTelemetry's API objects, and the console.
const _globals: CredportTelemetry = { tracerProvider: trace, meterProvider: metrics };
const _console: CredportLogger = console;
void [_globals, _console];

it("Tracing: the globally registered providers get a span per call", async () => {
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  metrics.setGlobalMeterProvider(
    new MeterProvider({
      readers: [
        new PeriodicExportingMetricReader({
          exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
        }),
      ],
    }),
  );
  try {
    const { credport } = await importExample("### Tracing (OpenTelemetry)");
    await credport.policies.list();
    expect(
      exporter.getFinishedSpans().map((s) => [s.name, s.attributes["http.response.status_code"]]),
    ).toEqual([["listPolicies", 200]]);
  } finally {
    trace.disable();
    metrics.disable();
  }
});

it("Logging: logger: console gets the request and response lines, redacted", async () => {
  const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
  try {
    const { credport } = await importExample("### Logging (`logger`, `CREDPORT_DEBUG`)");
    const created = await credport.verifications.create({ policyId: "preset_age_over_18" });
    const lines = debug.mock.calls.map((call) => String(call[0]));
    expect(lines).toEqual([
      "credport: request POST /v1/verifications (createVerification, attempt 1)",
      expect.stringMatching(
        /^credport: response 201 POST \/v1\/verifications \(createVerification, attempt 1, \d+ ms/,
      ),
    ]);
    const all = JSON.stringify(debug.mock.calls);
    expect(all).not.toContain(examples.service().project.secretKey);
    expect(all).not.toContain(created.clientToken);
  } finally {
    debug.mockRestore();
  }
});
