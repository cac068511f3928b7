// The wall as the only guard (`protect`), on every framework: whatever the sign-in page is — the
// home page included — no spelling of /members reaches the page without a session, and the
// sign-in page itself stays open. Express and Fastify apply `protect` (it used to be ignored),
// and Fastify's wall reads the path as its router does (useSemicolonDelimiter cuts at `;`).
import { describe, expect, it } from "vitest";
import { setUpService, useApp } from "../support/apps.js";
import { MEMBERS_MARKER, walledFrameworks } from "../support/frameworks.js";
import { type Answer, send } from "../support/http-client.js";

const env = setUpService();

/** Spellings of /members that a router, a proxy or a file server may map onto it. */
const PATHS = [
  "/members",
  "/members/",
  "/MEMBERS",
  "/%6Dembers",
  "/members%2F",
  "//members",
  "/./members",
  "/foo/../members",
  "/members.json",
  "/members?x=1",
  "/members;x",
  "/members;/x",
  "/members;/..",
  "/members;/../..",
  "/members;/../verify",
  "/members/%2e%2e/verify",
  "/members/x",
  "/verify/../members",
  "/verify;/../members",
  "/?/../members",
];

const isMembersPage = (r: Answer) => r.status === 200 && r.text.includes(MEMBERS_MARKER);

describe.each(walledFrameworks)("$name", (framework) => {
  describe.each(["/verify", "/", "/?from=wall", "/#top"])("signInPath %j", (signInPath) => {
    const app = useApp(framework, env, { signInPath });
    const signInPage = new URL(signInPath, "http://localhost").pathname;

    it("no spelling of /members reaches the page without a session; each is sent to the sign-in page", async () => {
      const reached: string[] = [];
      const elsewhere: string[] = [];
      for (const path of PATHS) {
        const res = await send(app.url, path, { headers: { "sec-fetch-dest": "document" } });
        if (isMembersPage(res)) reached.push(`${path} -> ${res.status}`);
        else if (res.status === 307 && new URL(res.location!, app.url).pathname !== signInPage)
          elsewhere.push(`${path} -> ${res.location}`);
      }
      expect(reached).toEqual([]);
      expect(elsewhere).toEqual([]);
    });

    it("a page load of /members is sent to the sign-in page with the way back", async () => {
      const res = await send(app.url, "/members?tab=1", {
        headers: { "sec-fetch-dest": "document" },
      });
      expect(res.status).toBe(307);
      const location = new URL(res.location!, app.url);
      expect(location.pathname).toBe(signInPage);
      expect(location.searchParams.get("redirect_url")).toBe("/members?tab=1");
    });

    it("the sign-in page and the home page stay open", async () => {
      for (const path of [signInPage, "/"])
        expect(
          (await send(app.url, path, { headers: { "sec-fetch-dest": "document" } })).status,
        ).toBe(200);
    });

    it("a verified browser reaches /members (the harness works)", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      expect((await browser.finalize(id)).status).toBe(200);
      expect(isMembersPage(await browser.page("/members"))).toBe(true);
    });
  });
});
