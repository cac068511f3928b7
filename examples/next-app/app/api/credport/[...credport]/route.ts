import { createCredportHandlers } from "@credport/next";

// Keys and secrets come from CREDPORT_SECRET_KEY, CREDPORT_BASE_URL, CREDPORT_SESSION_SECRET
// (and CREDPORT_WEBHOOK_SECRET).
export const { GET, POST, DELETE } = createCredportHandlers({
  policyId: "preset_age_over_18",
  // Verified means disclosed: the wallet may disclose age_over_18: false. Only true opens the wall.
  requireClaims: { age_over_18: true },
  keepClaims: ["age_over_18"],
  // Cookies are Secure outside development. Safari (WebKit) stores no Secure cookie from plain
  // http://localhost, so `next start` over plain HTTP on this machine (the tests) opts out.
  ...(process.env.EXAMPLE_PLAIN_HTTP === "1" ? { secureCookies: false } : {}),
  // POST /api/credport/webhooks, once CREDPORT_WEBHOOK_SECRET is set (`pnpm dev:next` sets it and
  // registers this route with the emulator, whose dashboard then shows each delivery).
  ...(process.env.CREDPORT_WEBHOOK_SECRET
    ? { webhook: { onEvent: async (event) => console.log(`[webhook] ${event.type}`) } }
    : {}),
});
