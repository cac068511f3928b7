// A development proxy that rewrites Host (Vite's `"/api": "http://localhost:3001"` shorthand is
// `changeOrigin: true`) makes every start look cross-site: the refusal names that case and the fix.
import { createCredportHandler } from "@credport/session";
import { expect, it } from "vitest";
import { BASE, SECRET, setUpMockService } from "./support/mock-service.js";

const { project } = setUpMockService();
const handler = () =>
  createCredportHandler({
    secretKey: project.secretKey,
    baseUrl: BASE,
    sessionSecret: SECRET,
    policyId: "preset_age_over_18",
  });
const start = (origin: string) =>
  new Request("http://localhost:3001/api/credport/verifications", {
    method: "POST",
    headers: { origin, host: "localhost:3001", "content-type": "application/json" },
    body: JSON.stringify({ policyId: "preset_age_over_18" }),
  });

it("a browser on a local dev server whose proxy rewrote Host: the message names the proxy and the fix", async () => {
  const response = await handler()(start("http://localhost:5173"));
  expect(response.status).toBe(403);
  const body = (await response.json()) as { code: string; message: string };
  expect(body.code).toBe("cross_site_request");
  expect(body.message).toContain("http://localhost:3001");
  expect(body.message).toMatch(/proxy.*Host/);
  expect(body.message).toContain("changeOrigin: false");
});

it("another site: no word of proxies (nothing to fix on this side)", async () => {
  const response = await handler()(start("https://evil.example"));
  expect(response.status).toBe(403);
  const body = (await response.json()) as { message: string };
  expect(body.message).not.toContain("changeOrigin");
});
