// A React Router (or TanStack Start) loader runs for the document and for the client-side
// navigation's data fetch (`/members.data`, `Sec-Fetch-Dest: empty`) alike: the router follows a
// redirect in both, and shows a bare "401" for anything else. `{ page: true }` gives the redirect.
import { createCredportSession } from "@credport/session";
import { expect, it } from "vitest";
import { BASE, SECRET, setUpMockService } from "./support/mock-service.js";

const { project } = setUpMockService();
const credport = () =>
  createCredportSession({
    secretKey: project.secretKey,
    baseUrl: BASE,
    sessionSecret: SECRET,
    policyId: "preset_age_over_18",
  });
// What the loader is given for the router's data fetch: `.data` already taken off the path.
const dataFetch = () =>
  new Request("http://localhost:5173/members?tab=1", {
    headers: { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors", accept: "*/*" },
  });

it("a loader's refusal with { page: true } is the redirect to the sign-in page, for the data fetch too", async () => {
  const refusal = await credport().requireVerified(dataFetch(), { page: true });
  expect(refusal?.status).toBe(307);
  expect(refusal?.headers.get("location")).toBe("/verify?redirect_url=%2Fmembers%3Ftab%3D1");
  expect(refusal?.headers.get("cache-control")).toBe("no-store");
  const { session, refusal: viaAuthorize } = await credport().authorize(dataFetch(), {
    page: true,
  });
  expect(session).toBeNull();
  expect(viaAuthorize?.status).toBe(307);
});

it("without it, a fetch still gets the 401 (an API route must not answer with a page)", async () => {
  const refusal = await credport().requireVerified(dataFetch());
  expect(refusal?.status).toBe(401);
});

it("a prefetch gets the 401 even with { page: true }: whatever answers it is kept for the navigation after", async () => {
  for (const headers of [{ purpose: "prefetch" }, { "sec-purpose": "prefetch" }]) {
    const prefetch = new Request("http://localhost:5173/members", { headers });
    const refusal = await credport().requireVerified(prefetch, { page: true });
    expect([refusal?.status, refusal?.headers.get("location")]).toEqual([401, null]);
  }
});
