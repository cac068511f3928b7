import { readJson } from "../../http/responses.js";
import type { Answer, RouteContext } from "../../http/route.js";
import { type Context, secretAuth } from "../../http/routes/auth.js";
import { conflict } from "../../model/infrastructure/errors.js";
import type { Model } from "../../model/model.js";
import { failureDetail } from "../../model/records/failure-detail.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { VERIFICATION_TERMINAL } from "../../model/transitions/verification-transitions.js";
import type { ChannelVerifier } from "../presentation-channel.js";
import { annexCRequestsFor } from "./annex-c-request.js";
import { readDcApiAnswer, readDcApiPost } from "./dc-api-answer.js";
import { dcApiChannel } from "./dc-api-channel.js";
import { dcApiRequestFor } from "./dc-api-request.js";

/** `dc_api_requests` in the create answer of a verification made with `expected_origins`. */
export function dcApiCreateAnswer(verifier: ChannelVerifier) {
  return async (ctx: Context, record: VerificationRecord): Promise<Record<string, unknown>> => {
    if (!record.expectedOrigins) return {};
    const request = await verifier.requestFor(ctx.model, record);
    return {
      dc_api_requests: [
        await dcApiRequestFor(ctx.model, ctx.baseUrl, record, request),
        ...(await annexCRequestsFor(ctx.model, ctx.baseUrl, record, request.dcqlQuery)),
      ],
    };
  };
}

/**
 * `POST /v1/verifications/{id}/dc-api-response`: the page posts what `navigator.credentials.get()`
 * resolved with, `{ protocol, data }` unchanged, with the client token and publishable key (or a
 * server relays it with its secret key, which needs `verifications:write`). Answers the
 * `verification_status` it leads to. After the end: 409, unchanged; a malformed body: 400,
 * unchanged.
 */
export function submitDcApiResponse(verifier: ChannelVerifier) {
  return async (ctx: Context): Promise<Answer> => {
    const verification = ctx.model.verifications.answerable(
      ctx.header("x-service-key") !== null ? secretAuth(ctx) : undefined,
      ctx.params.verificationId!,
      ctx.header("authorization"),
      ctx.header("x-publishable-key"),
    );
    return handOverDcApiAnswer(ctx, verifier, verification, await readJson(ctx));
  };
}

/**
 * Decides an open verification with a posted DC API answer, as the redirect flow's response
 * endpoint decides it with a `direct_post`: through the verifier (the wallet's error →
 * `wallet_rejected`; a presentation → verified, or failed with the format's failure code), with
 * the origin binding on top. An envelope that cannot verify ends it `presentation_invalid`. The
 * answer's transcript stays on the verification for the emulator's dashboard. Also what the
 * emulator's wallet page calls for the request it answered.
 */
export async function handOverDcApiAnswer(
  ctx: RouteContext<Model>,
  verifier: ChannelVerifier,
  verification: VerificationRecord,
  body: unknown,
): Promise<Answer> {
  const model = ctx.model;
  if ((VERIFICATION_TERMINAL as readonly string[]).includes(verification.status))
    throw conflict(
      "verification_invalid_state",
      `Verification ${verification.id} is ${verification.status}: it takes no more answers.`,
    );
  const query = verifier.queryFor(verification);
  const post = readDcApiPost(model, verification, body, query);
  const read = await readDcApiAnswer(model, verification, post, query);
  model.verifications.noteStep(verification.id, "answer_received", {
    channel: "dc-api",
    form: read.form,
  });
  let reason: string | undefined;
  if (!read.ok) {
    reason = read.reason;
    model.verifications.noteChecks(verification.id, [read.check], read.check);
    model.verifications.applyTrigger(verification.id, "presentation_failed", {
      failureCode: "presentation_invalid",
      failureDetail: failureDetail(read.check, unreadableExpectation(read.check), undefined),
    });
  } else {
    if (read.answer.kind === "error") reason = "the wallet answered with an error";
    const decided = await verifier.decide(ctx, verification, read.answer, {
      onChecked: (outcome) => {
        if (!outcome.ok) reason = outcome.reason;
      },
    });
    if (decided === "closed")
      throw conflict(
        "verification_invalid_state",
        `Verification ${verification.id} ended while this answer was checked.`,
      );
  }
  const binding = read.ok && read.answer.kind === "vp_token" ? read.answer.binding : undefined;
  model.verifications.noteDcApiAnswer(verification.id, {
    at: model.clock.iso(),
    protocol: post.protocol,
    form: read.form,
    ...(binding?.channel === "dc-api" ? { origin: binding.origin } : {}),
    ...(reason ? { reason } : {}),
  });
  return dcApiChannel.finish(ctx, verification);
}

/** What a Digital Credentials API answer envelope was expected to be, by the check it broke. */
const unreadableExpectation = (check: "format" | "decryption") =>
  check === "decryption"
    ? "an answer encrypted to this request's key (dc_api.jwt) that decrypts with it was expected"
    : "an OpenID4VP answer whose vp_token fits this request's DCQL query was expected";
