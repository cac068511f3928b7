// A flood of starts against the memory state store, over HTTP on every framework: counters, which
// anyone can create, never push a finalized verification out (a copied pending cookie would give a
// second session), and starts refused by a limit add no counter (which would push the limit's own
// counter out and open it again).
import { createMemoryStateStore } from "@credport/server";
import { describe, expect, it } from "vitest";
import { setUpService, useApp } from "../support/apps.js";
import { frameworks } from "../support/frameworks.js";
import { HttpBrowser } from "../support/http-client.js";

const env = setUpService();

describe.each(frameworks)("$name: the memory state store under a flood of starts", (framework) => {
  describe("one store for everything, 20 keys", () => {
    const app = useApp(framework, env, {
      stateStore: createMemoryStateStore({ maxEntries: 20 }),
      rateLimit: { perAddress: false },
    });

    it("30 starts from fresh browsers after a finalize: the copied pending cookie still gives no second session", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      const cookie = browser.cookieHeader();
      expect((await new HttpBrowser(app.url).finalize(id, { cookie })).status).toBe(200);
      for (let i = 0; i < 30; i++)
        expect((await new HttpBrowser(app.url).api("POST", "verifications", {})).status).toBe(201);
      const replay = new HttpBrowser(app.url);
      const res = await replay.finalize(id, { cookie });
      expect({ status: res.status, code: res.json.code, session: replay.hasSession() }).toEqual({
        status: 409,
        code: "verification_already_finalized",
        session: false,
      });
    });
  });

  describe("behind a proxy, 20 keys", () => {
    const app = useApp(framework, env, {
      stateStore: createMemoryStateStore({ maxEntries: 20 }),
      trustProxy: true,
      rateLimit: {}, // the default limits, which the suite's options lift
    });

    it("an address over its limit stays refused however many fresh browsers it sends", async () => {
      const from = { "x-forwarded-for": "203.0.113.7" };
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push(
          (await new HttpBrowser(app.url).api("POST", "verifications", {}, from)).status,
        );
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    });
  });
});
