// Issue 28, bench item: a seal the wall has opened is not unsealed again (iron derives two keys
// with PBKDF2 on every unseal: most of the wall's cost per request), until it is evicted.
import { afterAll, describe, expect, it, vi } from "vitest";

const unseals = vi.hoisted(() => ({ count: 0 }));
vi.mock("iron-session", async (original) => {
  const iron = await original<typeof import("iron-session")>();
  return {
    ...iron,
    unsealData: (...args: Parameters<typeof iron.unsealData>) => {
      unseals.count++;
      return iron.unsealData(...args);
    },
  };
});

// The package as the counting iron-session below makes it, not as an earlier file of this worker
// imported it; later files get the real one again.
vi.resetModules();
const { createCredportMiddleware } = await import("@credport/session");
const { sessionKeyring } = await import("../src/config/session-secrets.js");
const { sealVerifiedSession } = await import("../src/cookies/verified-session.js");
afterAll(() => {
  vi.doUnmock("iron-session");
  vi.resetModules();
});

const SECRET = "r".repeat(32);

describe("opened seals", () => {
  it("a session cookie is unsealed once, however many requests carry it", async () => {
    const now = Date.now();
    const cookie = await sealVerifiedSession(
      {
        verificationId: "ver_reuse",
        policyId: "preset_age_over_18",
        verifiedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 3_600_000).toISOString(),
        claims: {},
      },
      sessionKeyring([SECRET]),
      3600,
    );
    const wall = createCredportMiddleware({
      protect: ["/"],
      signInPath: "/verify",
      sessionSecret: SECRET,
    });
    const request = () =>
      new Request("https://app.test/members", {
        headers: { cookie: `__Host-credport_session=${cookie}` },
      });
    unseals.count = 0;
    for (let i = 0; i < 10; i++) expect(await wall(request())).toBeUndefined();
    expect(unseals.count).toBe(1);
  });
});
