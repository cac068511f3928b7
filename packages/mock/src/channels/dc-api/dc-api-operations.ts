import { json, readJson } from "../../http/responses.js";
import type { Reply } from "../../http/route.js";
import { type Context, secretAuth } from "../../http/routes/auth.js";
import { conflict } from "../../model/errors.js";
import type { VerificationRecord } from "../../model/verification-record.js";
import { VERIFICATION_TERMINAL } from "../../model/verification-transitions.js";
import { verificationStatusView } from "../../model/views.js";
import { dcApiRequestsFor } from "./dc-api-request.js";
import { handOverDcApiAnswer } from "./dc-api-response.js";

/** `dc_api_requests` in the create answer of a verification made with `expected_origins`. */
export async function dcApiCreateAnswer(
  ctx: Context,
  record: VerificationRecord,
): Promise<Record<string, unknown>> {
  if (!record.expectedOrigins) return {};
  return {
    dc_api_requests: await dcApiRequestsFor(ctx.model, ctx.baseUrl, record, record.expectedOrigins),
  };
}

/**
 * `POST /v1/verifications/{id}/dc-api-response`: the page posts what `navigator.credentials.get()`
 * resolved with, `{ protocol, data }` unchanged, with the client token and publishable key (or a
 * server relays it with its secret key). Answers the `verification_status` it leads to. A
 * verification that has ended answers 409 and stays as it was; so does a malformed body (400).
 */
export async function submitDcApiResponse(ctx: Context): Promise<Reply> {
  const model = ctx.model;
  const verification = model.verifications.answerable(
    ctx.header("x-service-key") !== null ? secretAuth(ctx) : undefined,
    ctx.params.verificationId!,
    ctx.header("authorization"),
    ctx.header("x-publishable-key"),
  );
  if ((VERIFICATION_TERMINAL as readonly string[]).includes(verification.status))
    throw conflict(
      "verification_invalid_state",
      `Verification ${verification.id} is ${verification.status}: it takes no more answers.`,
    );
  await handOverDcApiAnswer(model, ctx.baseUrl, verification, await readJson(ctx));
  const decided = model.verifications.findForProtocol(verification.id)!;
  return json(200, verificationStatusView(decided), { "cache-control": "no-store" });
}
