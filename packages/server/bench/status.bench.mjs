// verifications.getStatus against the emulator vs a raw fetch of the same URL (target ≤ 1.15×),
// and the cold import time of @credport/server. Prints figures; asserts nothing.
import { execFileSync } from "node:child_process";
import { startEmulator } from "@credport/mock";
import { Credport } from "@credport/server";

const ROUNDS = 2000;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const emulator = await startEmulator();
const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
const { id } = await credport.verifications.create({ policyId: "preset_age_over_18" });
const url = `${emulator.url}/v1/verifications/${id}/status`;
const headers = { "x-service-key": emulator.keys.secretKey, accept: "application/json" };

const timeSdk = async () => {
  const start = performance.now();
  await credport.verifications.getStatus(id);
  return performance.now() - start;
};
const timeRaw = async () => {
  const start = performance.now();
  await (await fetch(url, { headers })).json();
  return performance.now() - start;
};

for (let i = 0; i < 200; i++) await Promise.all([timeSdk(), timeRaw()]); // warm-up
const sdk = [];
const raw = [];
for (let i = 0; i < ROUNDS; i++) {
  // Interleaved, so that drift in the machine's load hits both alike.
  if (i % 2) {
    sdk.push(await timeSdk());
    raw.push(await timeRaw());
  } else {
    raw.push(await timeRaw());
    sdk.push(await timeSdk());
  }
}
await emulator.close();

const sdkMedian = median(sdk);
const rawMedian = median(raw);
console.log(`verifications.getStatus, ${ROUNDS} calls against the emulator on loopback:`);
console.log(`  raw fetch        median ${rawMedian.toFixed(3)} ms`);
console.log(
  `  @credport/server median ${sdkMedian.toFixed(3)} ms  (${(sdkMedian / rawMedian).toFixed(2)}× raw; target ≤ 1.15×)`,
);

const coldImports = [];
for (let i = 0; i < 5; i++) {
  const out = execFileSync(process.execPath, [
    "--input-type=module",
    "-e",
    'const t = performance.now(); await import("@credport/server"); console.log(performance.now() - t);',
  ]);
  coldImports.push(Number(out.toString().trim()));
}
console.log(
  `  cold import of @credport/server: median ${median(coldImports).toFixed(1)} ms over 5 fresh processes`,
);
