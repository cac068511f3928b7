// What every server consumer asks its app, over real HTTP: a protected page without a session (a
// 307 to the sign-in page) and a route of the handler (no session: `{ verified: false }`).
const assert = require("node:assert/strict");

/** Sets the variables the adapters read when no option is given. */
process.env.CREDPORT_SECRET_KEY = `sk_test_${"s".repeat(24)}`;
process.env.CREDPORT_BASE_URL = "https://api.example.test";
process.env.CREDPORT_SESSION_SECRET = "c".repeat(32);

const options = { policyId: "preset_age_over_18", protect: ["/members"], signInPath: "/verify" };

async function ask(name, port) {
  const base = `http://127.0.0.1:${port}`;
  const wall = await fetch(`${base}/members`, { redirect: "manual" });
  assert.equal(wall.status, 307, `${name}: GET /members`);
  assert.match(wall.headers.get("location") ?? "", /\/verify\?redirect_url=%2Fmembers$/);
  const session = await fetch(`${base}/api/credport/session`);
  assert.equal(session.status, 200, `${name}: GET /api/credport/session`);
  assert.deepEqual(await session.json(), { verified: false });
  console.log(`${name}: protected path and handler route answer`);
}

module.exports = { ask, options };
