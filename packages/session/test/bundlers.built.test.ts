// The built package as bundlers resolve it: a browser bundle gets a guard that throws on load (the
// package reads the secret key and the session secret), a worker bundle gets the real entry and
// serves a request in the Edge Runtime; without the telemetry entry, no span code is in it.
import { describe, expect, it } from "vitest";
import {
  edgeBundle,
  runInEdgeRuntime,
  runTracedInEdgeRuntime,
} from "../../server/test/support/edge-bundle.js";

const here = { resolveDir: import.meta.dirname };
const entryOf = (entry: string) =>
  `import * as session from "${entry}"; globalThis.session = session;`;
const bundle = async (entry: string, conditions: string[]) =>
  // The adapters' framework peers are the app's; a browser bundle never reaches them.
  (await edgeBundle(entryOf(entry), { ...here, conditions, external: ["express", "fastify"] }))
    .code;

describe("a browser bundle", () => {
  for (const entry of [
    "@credport/session",
    "@credport/session/express",
    "@credport/session/fastify",
  ])
    it(`that imports ${entry} throws on load, naming the package and what to use instead`, async () => {
      const code = await bundle(entry, ["browser"]);
      expect(code).not.toContain("iron-session");
      expect(() => new Function(code)()).toThrow(
        /^@credport\/session runs on your server: .* use @credport\/react or @credport\/browser in the page\.$/,
      );
    });
});

describe("a worker bundle (workerd, worker or edge-light before browser)", () => {
  for (const condition of ["workerd", "worker", "edge-light"])
    it(`with ${condition}: the real entry, serving GET session in the Edge Runtime`, async () => {
      const vm = await runInEdgeRuntime(entryOf("@credport/session"), {
        ...here,
        conditions: [condition, "browser"],
      });
      const answer = await vm.evaluate(`(async () => {
        const credport = session.createCredportSession({
          secretKey: "sk_test_${"a".repeat(24)}",
          baseUrl: "https://api.credport.test",
          sessionSecret: "${"s".repeat(32)}",
          policyId: "preset_age_over_18",
        });
        const response = await credport.handler(new Request("https://app.example/api/credport/session"));
        return { status: response.status, body: await response.json() };
      })()`);
      expect(answer).toEqual({ status: 200, body: { verified: false } });
    });
});

it("traces in the Edge Runtime: the worker bundle beside OpenTelemetry's SDK, a span per route and for the wall", async () => {
  const vm = await runTracedInEdgeRuntime("@credport/session", "session", here);
  const spans = await vm.evaluate(`(async () => {
    const credport = session.createCredportSession({
      secretKey: "sk_test_${"a".repeat(24)}",
      baseUrl: "https://api.credport.test",
      sessionSecret: "${"s".repeat(32)}",
      policyId: "preset_age_over_18",
      protect: ["/members"],
      telemetry: createTelemetry({ tracerProvider: provider }),
    });
    await credport.handler(new Request("https://app.example/api/credport/session"));
    await credport.wall(new Request("https://app.example/members", { headers: { "sec-fetch-dest": "document" } }));
    return JSON.stringify(exporter.getFinishedSpans().map((s) => [s.name, s.attributes["credport.outcome"], s.attributes["http.response.status_code"]]));
  })()`);
  expect(JSON.parse(spans)).toEqual([
    ["credport.session.session", "ok", 200],
    ["credport.session.protect", "redirected", 307],
  ]);
});

it("the worker bundle carries no span or metric code without the telemetry entry", async () => {
  const { code } = await edgeBundle(entryOf("@credport/session"), here);
  // Names only the telemetry entries' code writes.
  for (const name of ["credport.session.protect", "credport.verifications.started", "url.full"])
    expect(code).not.toContain(name);
});
