// The built adapters by the package's name, as an app loads them: `require` (CJS) and `import`
// (ESM) of `@credport/session/express` and `/fastify`, each serving `GET session` on a real server.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

const OPTIONS = `{ secretKey: "sk_test_${"a".repeat(24)}", baseUrl: "https://api.credport.test", sessionSecret: "${"s".repeat(32)}", policyId: "preset_age_over_18" }`;

/** Starts the app on a free port, asks `GET /api/credport/session`, prints status and body. */
const APPS = {
  express: (load: (name: string) => string) => `
    const express = ${load("express5")};
    const { createCredportExpress } = ${load("@credport/session/express")};
    const credport = createCredportExpress(${OPTIONS});
    const app = express();
    app.use(credport.router);
    const server = app.listen(0, "127.0.0.1", async () => {
      const res = await fetch("http://127.0.0.1:" + server.address().port + "/api/credport/session");
      console.log(res.status, await res.text());
      server.close();
    });`,
  fastify: (load: (name: string) => string) => `
    const Fastify = ${load("fastify")};
    const { createCredportFastify } = ${load("@credport/session/fastify")};
    const credport = createCredportFastify(${OPTIONS});
    const app = Fastify();
    app.register(credport.plugin);
    app.listen({ port: 0, host: "127.0.0.1" }).then(async (address) => {
      const res = await fetch(address + "/api/credport/session");
      console.log(res.status, await res.text());
      await app.close();
    });`,
} satisfies Record<string, (load: (name: string) => string) => string>;

const formats = {
  CommonJS: { args: [], load: (name: string) => `require(${JSON.stringify(name)})` },
  ESM: {
    args: ["--input-type=module"],
    load: (name: string) =>
      `await import(${JSON.stringify(name)}).then((m) => ${name.startsWith("@credport") ? "m" : "m.default"})`,
  },
};

describe.each(Object.entries(formats))("the built adapters (%s)", (_, format) => {
  it.each(Object.keys(APPS) as (keyof typeof APPS)[])("%s serves the routes", (adapter) => {
    const code = APPS[adapter](format.load);
    const out = execFileSync(
      process.execPath,
      [...format.args, "-e", format.args.length ? code : `(async () => {${code}})()`],
      { cwd: packageDir, encoding: "utf8", stdio: "pipe", timeout: 20_000 },
    );
    expect(out.trim()).toBe('200 {"verified":false}');
  });
});
