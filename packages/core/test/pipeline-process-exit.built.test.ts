import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileServer, json, startHostileServer } from "./support/hostile-server.js";

// The built pipeline (`@credport/core/pipeline` as Node resolves it) in a process of its own:
// after `pnpm build`. The pipeline's other attempt timeouts are in pipeline-hostile.test.ts.
const OK = { object: "thing", id: "th_1" };

let hostile: HostileServer;
beforeAll(async () => {
  hostile = await startHostileServer();
});
afterAll(async () => {
  await hostile.close();
});

describe("attempt timeouts", () => {
  it("a process ends as soon as its last call has, not when the call's timeout would have", async () => {
    hostile.answer(json(200, OK));
    const pipelineModule = fileURLToPath(import.meta.resolve("@credport/core/pipeline"));
    const script = `
      const { createRequestPipeline } = await import(${JSON.stringify(pipelineModule)});
      const client = createRequestPipeline({ baseUrl: ${JSON.stringify(hostile.url)}, timeoutMs: 60000 });
      await client.request({ method: "GET", path: "/v1/things/th_1" });
      console.log("done");`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    // Still running after 20 s of a 60 s timeout: something holds the process open.
    const holdOpen = setTimeout(() => child.kill(), 20_000);
    const code = await new Promise((resolve) => child.on("exit", resolve));
    clearTimeout(holdOpen);
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: "done" });
  }, 30_000);
});
