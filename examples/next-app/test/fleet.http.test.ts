// Issue "Many instances", on the production build of the example: two `next start` processes
// sharing CREDPORT_REDIS_URL (a real redis-server) behave as one instance would.
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet, type TestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type RedisServer,
  startRedisServer,
} from "../../../packages/server/test/support/redis-server.js";
import { curl } from "./support/curl.js";
import { type NextInstance, startNext } from "./support/next-server.js";

let redis: RedisServer;
let emulator: Emulator;
let fleet: NextInstance[];
let adult: TestWallet;

beforeAll(async () => {
  [redis, emulator] = await Promise.all([startRedisServer(), startEmulator({ port: 0 })]);
  const env = {
    CREDPORT_BASE_URL: emulator.url,
    CREDPORT_SECRET_KEY: emulator.keys.secretKey,
    CREDPORT_PUBLISHABLE_KEY: emulator.keys.publishableKey,
    CREDPORT_SESSION_SECRET: "fleet-test-session-secret-0123456789abcdef",
    CREDPORT_REDIS_URL: redis.url,
  };
  fleet = await Promise.all([startNext(env), startNext(env)]);
  adult = await createTestWallet();
  const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
  const offer = await credport.issuance.createOffer({
    credentialDefinitionId: "credport.identity.v1",
    claims: {
      given_name: "Ada",
      family_name: "Lovelace",
      birthdate: "1990-01-01",
      age_over_18: true,
    },
  });
  await adult.acceptOffer(offer.offerUri);
});
afterAll(async () => {
  for (const instance of fleet ?? []) instance.stop();
  await emulator?.close();
  await redis?.kill();
});

it("one presentation, finalized on both instances at once with the same pending cookie: one session", async () => {
  const [a, b] = fleet;
  const created = await curl(`${a!.url}/api/credport/verifications`, { method: "POST", body: {} });
  expect(created.status).toBe(201);
  const id = created.json.verificationId as string;
  const pending = `__Host-credport_pending_${id}=${created.cookies.get(`__Host-credport_pending_${id}`)}`;
  await adult.present(created.json.authorizationRequestUri as string);

  const attempts = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      curl(`${(i % 2 ? a : b)!.url}/api/credport/session`, {
        method: "POST",
        body: { verificationId: id },
        cookie: pending,
      }),
    ),
  );
  expect(attempts.filter((r) => r.cookies.has("__Host-credport_session"))).toHaveLength(1);
  expect(attempts.filter((r) => r.json.code === "verification_already_finalized")).toHaveLength(11);
});

it("one browser starting verifications on both instances in turn meets one limit, with Retry-After", async () => {
  const [a, b] = fleet;
  const first = await curl(`${a!.url}/api/credport/verifications`, { method: "POST", body: {} });
  expect(first.status).toBe(201);
  const browser = `__Host-credport_browser=${first.cookies.get("__Host-credport_browser")}`;
  const answers = [first];
  for (let i = 1; i < 8; i++)
    answers.push(
      await curl(`${(i % 2 ? b : a)!.url}/api/credport/verifications`, {
        method: "POST",
        body: {},
        cookie: browser,
      }),
    );
  // Five a minute per browser by default, counted once across the fleet.
  expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  const refused = answers[5]!;
  expect(refused.json.code).toBe("rate_limited");
  expect(
    Number(
      refused.json.details &&
        (refused.json.details as { retryAfterSeconds: number }).retryAfterSeconds,
    ),
  ).toBeGreaterThan(0);
});
