import { type CredportLogger, createTelemetry } from "@credport/session/telemetry";
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  AggregationTemporality,
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

/**
 * OpenTelemetry's SDK with in-memory exporters, and a logger that keeps every line, for a whole
 * test file: every attack suite runs its apps with them, and `scanTelemetry` then looks through
 * every span, event, metric point and log line for the secrets the suite handled.
 */
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

export const spanExporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(spanExporter)],
});
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const metricReader = new PeriodicExportingMetricReader({
  exporter: metricExporter,
  exportIntervalMillis: 3_600_000,
});
const meterProvider = new MeterProvider({ readers: [metricReader] });

/** The SDK's providers the suite's telemetry hands its spans and metrics to. */
export const suiteProviders = { tracerProvider, meterProvider };

/** Every line the apps logged, at any level. */
export const logLines: { level: string; message: string; fields?: unknown }[] = [];

/** Keeps each line, and hands warnings and errors on to the console (suites spy on it). */
export const suiteLogger: CredportLogger = {
  debug: (message, fields) => void logLines.push({ level: "debug", message, fields }),
  warn: (message, fields) => {
    logLines.push({ level: "warn", message, fields });
    console.warn(message);
  },
  error: (message, fields) => {
    logLines.push({ level: "error", message, fields });
    console.error(message);
  },
};

/** What the apps of a suite get as `telemetry`: spans, metrics and log lines. */
export const suiteTelemetry = createTelemetry({ ...suiteProviders, logger: suiteLogger });

/** Values the suite handled that no span or log line may carry: cookies, tokens, claim values. */
export const handledSecrets = new Set<string>();

/** Remembers a value long enough to be told apart from ordinary words. */
export function rememberSecret(value: unknown): void {
  if (typeof value === "string" && value.length >= 8) handledSecrets.add(value);
}

/**
 * Forgets the spans and log lines kept so far, once a suite has scanned them: the files of a
 * worker share this module, and each scans what its own apps made (metric points are cumulative
 * and stay; so do the handled values, which only make later scans stricter).
 */
export function forgetTelemetry(): void {
  spanExporter.reset();
  logLines.length = 0;
}

/** Metric points and their attributes, collected now. */
export async function metricPoints(): Promise<
  { name: string; attributes: Record<string, unknown>; value: unknown }[]
> {
  await metricReader.forceFlush();
  const last = metricExporter.getMetrics().at(-1);
  return (last?.scopeMetrics ?? []).flatMap((scope) =>
    scope.metrics.flatMap((metric) =>
      metric.dataPoints.map((point) => ({
        name: metric.descriptor.name,
        attributes: point.attributes,
        value: point.value,
      })),
    ),
  );
}

/** Each span as the text an exporter would ship: name, attributes, events, status. */
export function spanTexts(spans: ReadableSpan[] = spanExporter.getFinishedSpans()): string[] {
  return spans.map((span) =>
    JSON.stringify({
      name: span.name,
      attributes: span.attributes,
      events: span.events.map((e) => ({ name: e.name, attributes: e.attributes })),
      status: span.status,
      links: span.links.map((l) => l.attributes),
    }),
  );
}

/**
 * The secrets found in telemetry: for each span, metric point and log line that carries one of
 * `secrets` (or of the values the suite handled), which. Empty is the pass.
 */
export async function scanTelemetry(secrets: string[]): Promise<{
  spans: number;
  lines: number;
  leaks: string[];
}> {
  const all = [...secrets.filter((s) => s.length >= 8), ...handledSecrets];
  const texts = [
    ...spanTexts(),
    ...(await metricPoints()).map((p) => JSON.stringify(p)),
    ...logLines.map((l) => JSON.stringify(l)),
  ];
  const leaks: string[] = [];
  for (const text of texts)
    for (const secret of all)
      if (text.includes(secret)) leaks.push(`${secret.slice(0, 6)}… in ${text.slice(0, 160)}`);
  return { spans: spanExporter.getFinishedSpans().length, lines: logLines.length, leaks };
}
