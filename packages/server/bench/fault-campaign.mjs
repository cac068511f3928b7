// The fault campaign of issue 13, shared by `fault-campaign.bench.mjs` (full size) and
// `test/fault-campaign.bench.test.ts` (scaled down): createOffer and publish calls, `concurrency`
// at a time, against the emulator over HTTP while about `faultRate` of all requests meet one of the
// faults it can inject. The client retries little on purpose (maxRetries 1), so that many calls
// fail; every failed call is then retried by the app with the error's `idempotencyKey`, as the
// README says to. Afterwards the service's own lists are counted.
import { Credport, CredportError } from "@credport/server";

/** Every fault kind the emulator injects. */
export const FAULT_KINDS = [
  "server_error",
  "service_unavailable",
  "rate_limited",
  "drop_after_write",
  "bad_gateway_html",
  "delay",
];

const CLAIMS = { given_name: "Ada", family_name: "Lovelace" };
const CLIENT_TIMEOUT_MS = 1000;
const DELAY_FAULT_MS = 1500; // longer than the client's timeout: the write lands after it gave up
const APP_RETRIES = 20;

/**
 * @param {{ emulator: import("@credport/emulator").Emulator, offers: number, publishes: number,
 *   concurrency?: number, faultRate?: number }} options
 */
export async function runFaultCampaign({
  emulator,
  offers,
  publishes,
  concurrency = 50,
  faultRate = 0.4,
}) {
  const run = Math.random().toString(36).slice(2, 8);
  let requests = 0;
  const credport = new Credport({
    secretKey: emulator.keys.secretKey,
    baseUrl: emulator.url,
    fetch: (input, init) => {
      requests++;
      return fetch(input, init);
    },
    maxRetries: 1,
    timeoutMs: CLIENT_TIMEOUT_MS,
    backoff: { initialDelayMs: 1, maxDelayMs: 20 },
  });
  // Setup and counting run without faults and with the default timeout.
  const setup = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
  const definitionId = `campaign-${run}`;
  await setup.credentialDefinitions.create({
    credentialDefinitionId: definitionId,
    vct: `https://example.test/vct/${definitionId}`,
    title: "Campaign",
    claims: [
      { path: ["given_name"], mandatory: true },
      { path: ["family_name"], mandatory: true },
    ],
  });
  const drafts = Array.from({ length: publishes }, (_, i) => `${definitionId}-d${i}`);
  await pool(drafts.length, concurrency, (i) =>
    setup.credentialDefinitions.createDraft({
      credentialDefinitionId: drafts[i],
      vct: `https://example.test/vct/${drafts[i]}`,
      title: "Draft",
      claims: [{ path: ["name"], mandatory: true }],
    }),
  );

  const requestsBefore = requests;
  injectFaults(emulator, faultRate);
  const started = performance.now();
  const offerCalls = await pool(offers, concurrency, (i) =>
    callWithAppRetries((options) =>
      credport.issuance.createOffer(
        {
          credentialDefinitionId: definitionId,
          claims: CLAIMS,
          metadata: { run, n: String(i) },
        },
        options,
      ),
    ),
  );
  const publishCalls = await pool(publishes, concurrency, (i) =>
    callWithAppRetries((options) => credport.credentialDefinitions.publish(drafts[i], options)),
  );
  const elapsedMs = performance.now() - started;
  emulator.model.faults.clear();
  // Let delayed writes that the client gave up on land before counting.
  await new Promise((resolve) => setTimeout(resolve, DELAY_FAULT_MS + 100));
  const attempts = requests - requestsBefore;

  const sessions = await (await setup.issuance.list({ limit: 100 })).toArray({
    limit: offers + 10_000,
  });
  const perCall = new Map();
  for (const session of sessions) {
    if (session.metadata?.run !== run) continue;
    perCall.set(session.metadata.n, (perCall.get(session.metadata.n) ?? 0) + 1);
  }
  const published = await (
    await setup.credentialDefinitions.list({ lifecycleStatus: "published", limit: 100 })
  ).toArray({ limit: publishes + 10_000 });
  const stillDraft = await (
    await setup.credentialDefinitions.list({ lifecycleStatus: "draft", limit: 100 })
  ).toArray({ limit: publishes + 10_000 });
  const mine = (list) =>
    list.filter((d) => d.credentialDefinitionId.startsWith(`${definitionId}-`));

  return {
    faultRate,
    concurrency,
    attempts,
    elapsedMs,
    offers: {
      ...summarize(offerCalls),
      lost: offers - perCall.size,
      duplicated: [...perCall.values()].reduce((sum, count) => sum + count - 1, 0),
    },
    publishes: {
      ...summarize(publishCalls),
      lost: mine(stillDraft).length,
      duplicated: mine(published).length - publishes,
    },
  };
}

function injectFaults(emulator, total) {
  // Rules are tried in turn: each kind at rate r gives 1 − (1 − r)^6 = total overall.
  const rate = 1 - (1 - total) ** (1 / FAULT_KINDS.length);
  for (const path of ["/v1/openid4vc/issuance/offer", "/v1/issuer/credential-definitions/"]) {
    for (const kind of FAULT_KINDS) {
      emulator.model.faults.inject({
        kind,
        rate,
        path,
        retryAfterSeconds: 0,
        delayMs: DELAY_FAULT_MS,
      });
    }
  }
}

/** One call; when it fails, the app retries with the key the error carries. */
async function callWithAppRetries(call) {
  const outcome = { failures: [], completed: false, keysMatched: true };
  let key;
  for (let attempt = 0; attempt <= APP_RETRIES; attempt++) {
    try {
      await call(key === undefined ? {} : { idempotencyKey: key });
      outcome.completed = true;
      return outcome;
    } catch (error) {
      if (!(error instanceof CredportError)) throw error;
      outcome.failures.push({ type: error.type, mayHaveBeenApplied: error.mayHaveBeenApplied });
      if (typeof error.idempotencyKey !== "string") {
        outcome.keysMatched = false;
        return outcome;
      }
      if (key !== undefined && error.idempotencyKey !== key) outcome.keysMatched = false;
      key = error.idempotencyKey;
    }
  }
  return outcome;
}

function summarize(outcomes) {
  const failedTypes = {};
  for (const outcome of outcomes)
    for (const failure of outcome.failures)
      failedTypes[failure.type] = (failedTypes[failure.type] ?? 0) + 1;
  const failed = outcomes.filter((o) => o.failures.length > 0);
  return {
    calls: outcomes.length,
    failedCalls: failed.length,
    failedTypes,
    mayHaveBeenApplied: outcomes.reduce(
      (sum, o) => sum + o.failures.filter((f) => f.mayHaveBeenApplied).length,
      0,
    ),
    withoutKey: outcomes.filter((o) => !o.keysMatched).length,
    completedWithKey: failed.filter((o) => o.completed && o.keysMatched).length,
    neverCompleted: outcomes.filter((o) => !o.completed).length,
  };
}

async function pool(count, concurrency, run) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await run(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
