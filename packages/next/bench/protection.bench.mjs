// What the wall costs per request: the Next middleware with a valid session cookie (opened seals
// remembered per keyring, expiry and binding checked each time), and the sizes of the cookies it sets. Prints figures; asserts nothing.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";

// Part `protection`, with the other adapters' figures (packages/session/bench/protection.bench.mjs).
if (!wants("protection")) process.exit(0);
// `server-only` throws outside the react-server condition, as Next sets it for server code.
if (!process.execArgv.includes("--conditions=react-server")) {
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, ["--conditions=react-server", self], {
    stdio: "inherit",
  });
  process.exit(run.status ?? 1);
}

const { createHandlers, createModel } = await import("@credport/mock");
const { setupServer } = await import("msw/node");
const { createCredportHandlers, createCredportMiddleware } = await import("@credport/next");

const BASE = "https://api.credport.test";
const APP = "https://app.test";
const SECRET = "b".repeat(32);
const model = createModel();
const project = model.createProject();
const server = setupServer(...createHandlers(model, { baseUrl: BASE }));
server.listen({ onUnhandledRequest: "bypass" });

const handlers = createCredportHandlers({
  secretKey: project.secretKey,
  baseUrl: BASE,
  sessionSecret: [SECRET, "a".repeat(32)],
  policyId: "preset_age_over_18",
  keepClaims: ["age_over_18"],
});
const cookieOf = (response, prefix) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(prefix))
    .split(";")[0];

const created = await handlers.POST(
  new Request(`${APP}/api/credport/verifications`, { method: "POST", headers: { origin: APP } }),
);
const { verificationId } = await created.json();
const pending = cookieOf(created, "__Host-credport_pending_");
model.verifications.applyTrigger(verificationId, "request_fetched");
model.verifications.applyTrigger(verificationId, "presentation_verified", {
  claims: { age_over_18: true },
});
const finalized = await handlers.POST(
  new Request(`${APP}/api/credport/session`, {
    method: "POST",
    headers: { origin: APP, "content-type": "application/json", cookie: pending },
    body: JSON.stringify({ verificationId }),
  }),
);
const session = cookieOf(finalized, "__Host-credport_session=");
server.close();

const middleware = createCredportMiddleware({
  protect: ["/members"],
  signInPath: "/verify",
  sessionSecret: [SECRET, "a".repeat(32)],
});
const request = () => new Request(`${APP}/members`, { headers: { cookie: session } });
const time = async (n, run) => {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[n >> 1], p95: samples[Math.floor(n * 0.95)] };
};
for (let i = 0; i < 200; i++) await middleware(request()); // warm up
const ROUNDS = QUICK ? 500 : 2000;
const pass = await time(ROUNDS, async () => {
  if ((await middleware(request())) !== undefined) throw new Error("the session did not pass");
});
const refuse = await time(ROUNDS, () => middleware(new Request(`${APP}/members`)));

console.log(`pending cookie: ${pending.length} bytes; session cookie: ${session.length} bytes`);
console.log(
  `middleware with a session: p50 ${pass.p50.toFixed(3)} ms, p95 ${pass.p95.toFixed(3)} ms (${ROUNDS} requests)`,
);
reportFigure({
  id: "next.protection.middleware.p50",
  label: "protection check, @credport/next middleware with a valid session, in process, p50",
  value: Number(pass.p50.toFixed(3)),
  unit: "ms",
  yardstick: `p95 ${pass.p95.toFixed(3)} ms; 0.36 ms p50 before opened seals were remembered`,
  goal: "≤ 0.2 ms",
});
console.log(
  `middleware without one (redirect): p50 ${refuse.p50.toFixed(3)} ms, p95 ${refuse.p95.toFixed(3)} ms`,
);
