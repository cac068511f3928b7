// verifications.getStatus against raw fetch + json() of the same URL, both against a minimal stub
// server in its own process (the in-process emulator's own ~0.3 ms per request would hide ours),
// and the cold import of @credport/server. Prints figures; asserts nothing.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Credport } from "@credport/server";
import { reportColdImport } from "../../../scripts/bench/cold-import.mjs";
import { percentile, QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";

const ROUNDS = QUICK ? 1500 : 6000;
const WARM_UP = QUICK ? 300 : 1000;
const KEY = `sk_test_${"b".repeat(32)}`;

if (wants("ratio")) {
  const stub = fork(fileURLToPath(new URL("./stub-server.mjs", import.meta.url)));
  const port = await new Promise((resolve) => stub.once("message", resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const url = `${baseUrl}/v1/verifications/ver_bench/status`;
  const headers = { "x-service-key": KEY, accept: "application/json" };
  const credport = new Credport({ secretKey: KEY, baseUrl });

  const time = async (call) => {
    const start = performance.now();
    await call();
    return performance.now() - start;
  };
  const sdkCall = () => credport.verifications.getStatus("ver_bench");
  const rawCall = async () => (await fetch(url, { headers })).json();

  for (let i = 0; i < WARM_UP; i++) {
    await sdkCall();
    await rawCall();
  }
  const sdk = [];
  const raw = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Interleaved, alternating the order, so that drift in the machine's load hits both alike.
    if (i % 2) {
      sdk.push(await time(sdkCall));
      raw.push(await time(rawCall));
    } else {
      raw.push(await time(rawCall));
      sdk.push(await time(sdkCall));
    }
  }
  stub.kill();

  console.log(
    `verifications.getStatus vs raw fetch + json(), ${ROUNDS} calls each, stub server in its own process:`,
  );
  for (const p of [50, 95, 99]) {
    const ratio = percentile(sdk, p) / percentile(raw, p);
    const name = p === 50 ? "median" : `p${p}`;
    console.log(
      `  ${name.padEnd(6)} raw ${percentile(raw, p).toFixed(3)} ms, @credport/server ${percentile(sdk, p).toFixed(3)} ms: ${ratio.toFixed(3)}×`,
    );
    reportFigure({
      id: `server.get-status.ratio.${name}`,
      label: `verifications.getStatus, ${name}, vs raw fetch + json()`,
      value: Number(ratio.toFixed(3)),
      unit: "×",
      yardstick: `raw fetch + json() ${percentile(raw, p).toFixed(3)} ms`,
      ...(p === 50 ? { goal: "≤ 1.05×", check: "lower" } : {}),
    });
  }
}

if (wants("cold-import")) {
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  reportColdImport({
    id: "server.cold-import.ms",
    name: "@credport/server",
    specifier: "@credport/server",
    cwd,
    goal: "≤ +15 ms",
  });
  // The contract's schemas load with the first call: an import and one call refused locally (no
  // network), so the figure is the client's own start-up cost.
  reportColdImport({
    id: "server.cold-import-first-call.ms",
    name: "@credport/server + its first call",
    specifier: "@credport/server",
    cwd,
    afterImport: `await new module.Credport({ secretKey: "sk_test_${"a".repeat(24)}", baseUrl: "http://127.0.0.1:9" }).verifications.get("").catch(() => {});`,
  });
}
