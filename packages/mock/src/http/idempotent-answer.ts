import { validationError } from "../model/infrastructure/errors.js";
import type { StoredResponse } from "../model/infrastructure/idempotency.js";
import type { Tenant } from "../model/keys.js";
import type { Model } from "../model/model.js";
import type { RequestContext } from "./incoming.js";
import type { Answer } from "./route.js";

/**
 * Runs a POST that carries an `Idempotency-Key` at most once: replays the kept answer to a
 * repeated key, refuses a key reused for another request (409), makes a simultaneous duplicate wait
 * for the first one, and keeps every 2xx answer for replay.
 */
export async function answerOnce(
  ctx: RequestContext<Model>,
  key: string,
  route: string,
  run: () => Answer | Promise<Answer>,
): Promise<Answer> {
  if (key.trim() === "" || key.length > 255)
    throw validationError("Idempotency-Key: 1 to 255 characters", { field: "Idempotency-Key" });
  let tenant: Tenant;
  try {
    tenant = ctx.model.keys.authenticateSecret(ctx.header("x-service-key"));
  } catch {
    return run(); // the route answers 401 itself
  }
  for (;;) {
    const step = ctx.model.idempotency.begin(tenant, key, route, ctx.body);
    if (step.kind === "replay") {
      const { status, headers, body } = step.response;
      return { status, headers: { ...headers, "idempotent-replayed": "true" }, body };
    }
    if (step.kind === "wait") {
      await step.until;
      continue;
    }
    let kept: StoredResponse | undefined;
    try {
      const answer = await run();
      kept = await keepable(answer);
      return answer;
    } finally {
      step.finish(kept);
    }
  }
}

/** What idempotency keeps of an answer: 2xx only (a refused request may be corrected and sent again). */
async function keepable(answer: Answer): Promise<StoredResponse | undefined> {
  if (answer.status < 200 || answer.status > 299) return undefined;
  if (answer instanceof Response) {
    return {
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: await answer.clone().text(),
    };
  }
  if (typeof answer.body !== "string" && answer.body !== undefined) return undefined;
  return { status: answer.status, headers: { ...answer.headers }, body: answer.body ?? "" };
}
