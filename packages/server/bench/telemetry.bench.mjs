// What tracing costs when an app turns it on: verifications.getStatus with OpenTelemetry's SDK
// (a BasicTracerProvider, a SimpleSpanProcessor and the in-memory exporter: the span is made,
// ended and handed over on every call) over the same call without `telemetry`, against the stub
// server in its own process. Without `telemetry` the client loads and calls nothing of
// OpenTelemetry, so that figure is status.bench.mjs's, unchanged. Printed, never judged.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Credport } from "@credport/server";
import { createTelemetry } from "@credport/server/telemetry";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { median, QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";
import { medianOfRounds } from "../../../scripts/bench/rounds.mjs";

const ROUND_CALLS = 200;
const WARM_UP = QUICK ? 500 : 1000;
const KEY = `sk_test_${"b".repeat(32)}`;

if (wants("telemetry")) {
  const stub = fork(fileURLToPath(new URL("./stub-server.mjs", import.meta.url)));
  const port = await new Promise((resolve) => stub.once("message", resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const plain = new Credport({ secretKey: KEY, baseUrl });
  const traced = new Credport({
    secretKey: KEY,
    baseUrl,
    telemetry: createTelemetry({ tracerProvider }),
  });
  const time = async (call) => {
    const start = performance.now();
    await call();
    return performance.now() - start;
  };
  const plainCall = () => plain.verifications.getStatus("ver_bench");
  const tracedCall = () => traced.verifications.getStatus("ver_bench");
  for (let i = 0; i < WARM_UP; i++) {
    await plainCall();
    await tracedCall();
  }
  exporter.reset();
  const all = { plain: [], traced: [] };
  const result = await medianOfRounds(async (index) => {
    const a = [];
    const b = [];
    for (let i = 0; i < ROUND_CALLS; i++) {
      if ((i + index) % 2) {
        a.push(await time(plainCall));
        b.push(await time(tracedCall));
      } else {
        b.push(await time(tracedCall));
        a.push(await time(plainCall));
      }
    }
    exporter.reset();
    all.plain.push(...a);
    all.traced.push(...b);
    return median(b) / median(a);
  });
  stub.kill();
  const extraUs = (median(all.traced) - median(all.plain)) * 1000;
  console.log(
    `verifications.getStatus with OpenTelemetry's SDK (in-memory exporter) vs without telemetry, ${result.rounds} rounds of ${ROUND_CALLS} calls:`,
  );
  console.log(
    `  median of the rounds' ratios: ${result.median.toFixed(3)}× (95 % interval ${result.low.toFixed(3)}–${result.high.toFixed(3)}); about ${extraUs.toFixed(1)} µs more per call`,
  );
  reportFigure({
    id: "server.get-status.telemetry.ratio.median",
    label: "verifications.getStatus traced (OpenTelemetry SDK, in-memory exporter), vs untraced",
    value: Number(result.median.toFixed(3)),
    unit: "×",
    yardstick: `untraced ${median(all.plain).toFixed(3)} ms`,
    goal: "printed only (the untraced figure is judged)",
  });
}
