// The slice of OpenTelemetry's API that Credport calls, written out structurally: nothing here
// imports `@opentelemetry/api`, so that an app without it loads nothing, bundles nothing and pays
// nothing. `trace` and `metrics` from `@opentelemetry/api` (or any TracerProvider / MeterProvider)
// fit these types; the app hands them over in the `telemetry` option.

/** An attribute value, as OpenTelemetry takes it. */
export type TelemetryAttributeValue = string | number | boolean;
/** Span, event and metric attributes. */
export type TelemetryAttributes = Record<string, TelemetryAttributeValue | undefined>;

/** The part of an OpenTelemetry `Span` that Credport uses. */
export interface TelemetrySpan {
  setAttribute(key: string, value: TelemetryAttributeValue): unknown;
  addEvent(name: string, attributes?: TelemetryAttributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  /** `endTime` in milliseconds since the epoch; now when left out. */
  end(endTime?: number): void;
}

/** What a span is started with. */
export interface TelemetrySpanOptions {
  kind?: number;
  attributes?: TelemetryAttributes;
  /** In milliseconds since the epoch; now when left out. */
  startTime?: number;
}

/** The part of an OpenTelemetry `Tracer` that Credport uses. */
export interface TelemetryTracer {
  startActiveSpan<F extends (span: TelemetrySpan) => unknown>(
    name: string,
    options: TelemetrySpanOptions,
    fn: F,
  ): ReturnType<F>;
  startSpan(name: string, options?: TelemetrySpanOptions): TelemetrySpan;
}

/** `trace` from `@opentelemetry/api`, or a `TracerProvider`. */
export interface TelemetryTracerProvider {
  getTracer(name: string, version?: string): TelemetryTracer;
}

/** The part of an OpenTelemetry `Counter` that Credport uses. */
export interface TelemetryCounter {
  add(value: number, attributes?: TelemetryAttributes): void;
}

/** The part of an OpenTelemetry `Histogram` that Credport uses. */
export interface TelemetryHistogram {
  record(value: number, attributes?: TelemetryAttributes): void;
}

/** The part of an OpenTelemetry `Meter` that Credport uses. */
export interface TelemetryMeter {
  createCounter(name: string, options?: { description?: string; unit?: string }): TelemetryCounter;
  createHistogram(
    name: string,
    options?: {
      description?: string;
      unit?: string;
      /** Bucket boundaries OpenTelemetry's semantic conventions advise (API 1.7 and later). */
      advice?: { explicitBucketBoundaries?: number[] };
    },
  ): TelemetryHistogram;
}

/** `metrics` from `@opentelemetry/api`, or a `MeterProvider`. */
export interface TelemetryMeterProvider {
  getMeter(name: string, version?: string): TelemetryMeter;
}

/**
 * Where Credport's spans and metrics go: pass `trace` and `metrics` from `@opentelemetry/api`
 * (the providers your SDK registered), or providers of your own. Without it, nothing is traced
 * and OpenTelemetry is never loaded.
 *
 * @example
 * import { metrics, trace } from "@opentelemetry/api";
 * const credport = new Credport({ telemetry: { tracerProvider: trace, meterProvider: metrics } });
 */
export interface CredportTelemetry {
  tracerProvider?: TelemetryTracerProvider | undefined;
  meterProvider?: TelemetryMeterProvider | undefined;
}

/** OpenTelemetry's `SpanKind` values (numbers, so that the API need not be loaded). */
export const SPAN_KIND = { internal: 0, server: 1, client: 2 } as const;
/** OpenTelemetry's `SpanStatusCode.ERROR`. */
export const SPAN_STATUS_ERROR = 2;

/** Instrumentation scope names: one per package, as OpenTelemetry asks of libraries. */
export type TelemetryScope = "@credport/server" | "@credport/session" | "@credport/emulator";

/** The tracer for one package, or `undefined` when the app gave none (then nothing is traced). */
export function tracerFor(
  telemetry: CredportTelemetry | undefined,
  scope: TelemetryScope,
  version?: string,
): TelemetryTracer | undefined {
  return telemetry?.tracerProvider?.getTracer(scope, version);
}

/** The meter for one package, or `undefined` when the app gave none. */
export function meterFor(
  telemetry: CredportTelemetry | undefined,
  scope: TelemetryScope,
  version?: string,
): TelemetryMeter | undefined {
  return telemetry?.meterProvider?.getMeter(scope, version);
}

/**
 * Runs `fn` in an active span (so that spans it starts, such as a server-client call's, are its
 * children), ending the span when `fn` settles; a throw marks it as an error with `error.type`
 * from the error's `code`. Without a tracer, `fn` runs as is.
 */
export function inSpan<T>(
  tracer: TelemetryTracer | undefined,
  name: string,
  options: { kind?: number; attributes?: TelemetryAttributes },
  fn: (span: TelemetrySpan | undefined) => Promise<T>,
): Promise<T> {
  if (!tracer) return fn(undefined);
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span as failed: `error.type` is the error's code or class, never its message. */
export function markFailed(span: TelemetrySpan, error: unknown): void {
  const type = errorType(error);
  span.setAttribute("error.type", type);
  span.setStatus({ code: SPAN_STATUS_ERROR, message: type });
}

/** A low-cardinality name for an error: its `code` (Credport's are a fixed set), else its class. */
export function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code.slice(0, 64);
  return error instanceof Error ? error.name.slice(0, 64) : "_OTHER";
}
