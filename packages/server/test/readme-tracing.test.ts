// The README's "Tracing" and "Logging" examples, run as written against the mock service: the
// global providers the example hands over get the spans; `logger: console` gets redacted lines.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Credport, CredportLogger, CredportTelemetry } from "@credport/server";
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
import ts from "typescript";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { SERVICES, type TestService } from "./support/services.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const scratch = mkdtempSync(join(packageDir, ".generated-readme-tracing-"));

async function importExample(heading: string): Promise<{ credport: Credport }> {
  const section = readme.slice(readme.indexOf(heading));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error(`no ts block under ${heading}`);
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const file = join(scratch, `${heading.replace(/\W+/g, "-")}.mjs`);
  writeFileSync(file, js);
  return import(pathToFileURL(file).href);
}

// What the README hands over type-checks as is: OpenTelemetry's API objects, and the console.
const _globals: CredportTelemetry = { tracerProvider: trace, meterProvider: metrics };
const _console: CredportLogger = console;
void [_globals, _console];

let service: TestService;
const env = { ...process.env };
beforeAll(async () => {
  service = await SERVICES[0]!.start();
  process.env.CREDPORT_SECRET_KEY = service.project.secretKey;
  process.env.CREDPORT_BASE_URL = service.baseUrl;
});
afterAll(async () => {
  // Restored in place: Vitest's stubEnv keeps the process.env object it started with.
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  rmSync(scratch, { recursive: true, force: true });
  await service.close();
});

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
    expect(all).not.toContain(service.project.secretKey);
    expect(all).not.toContain(created.clientToken);
  } finally {
    debug.mockRestore();
  }
});
