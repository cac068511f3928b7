import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./support/realtime-heap.mjs", import.meta.url));

/**
 * Each realtime stream used to arm an unref'd timer for its own time to expiry; Node keeps one timer
 * list per distinct duration until that duration has passed, so 10,000 streams left megabytes behind.
 */
describe.each(["fetch", "http"])("realtime streams leave nothing behind (%s)", (transport) => {
  it("10,000 streams opened and closed grow the heap by less than 0.5 MB after GC", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--expose-gc", script, transport],
      { cwd: fileURLToPath(new URL("..", import.meta.url)) },
    );
    const { streams, growth } = JSON.parse(stdout) as { streams: number; growth: number };
    expect(streams).toBe(10_000);
    expect(growth).toBeLessThan(0.5 * 2 ** 20);
  }, 120_000);
});
