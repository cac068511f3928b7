import { ModelError } from "../../model/infrastructure/errors.js";
import { queryOf } from "../../model/infrastructure/input.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { verificationView } from "../../model/records/views.js";
import { authorizationRequestUri, testWalletUrl } from "../handoff-uris.js";
import { json, jsonText, readJson } from "../responses.js";
import { statusEventStream } from "../sse.js";
import { statusViewJson } from "../status-view-json.js";
import { type Context, secretAuth } from "./auth.js";
import type { OperationHandlers } from "./operations.js";

/**
 * A status read is a server read when it carries `X-Service-Key`, otherwise a browser read
 * (client token + publishable key).
 */
function readableVerification(ctx: Context): VerificationRecord {
  if (ctx.header("x-service-key") !== null)
    return ctx.model.verifications.getForServer(secretAuth(ctx), ctx.params.verificationId!);
  return ctx.model.verifications.authorizeBrowser(
    ctx.params.verificationId!,
    ctx.header("authorization"),
    ctx.header("x-publishable-key"),
  );
}

/** The status view under the same rules, without copying the whole record (the hot read). */
function readableStatus(ctx: Context) {
  if (ctx.header("x-service-key") !== null)
    return ctx.model.verifications.serverStatus(secretAuth(ctx), ctx.params.verificationId!);
  return ctx.model.verifications.browserStatus(
    ctx.params.verificationId!,
    ctx.header("authorization"),
    ctx.header("x-publishable-key"),
  );
}

/**
 * What another channel adds to a create answer (the Digital Credentials API's `dc_api_requests`):
 * passed in by the router, which sits above both this file and the channels.
 */
export type CreateAnswerExtras = (
  ctx: Context,
  record: VerificationRecord,
) => Promise<Record<string, unknown>>;

/**
 * Verifications (snake_case) and the JWKS that verifies their signed results, by operation ID: the
 * operations table gives their routes.
 */
export const verificationHandlers = (
  createAnswerExtras: CreateAnswerExtras = async () => ({}),
): OperationHandlers => ({
  createVerification: async (ctx) => {
    const auth = secretAuth(ctx);
    const record = ctx.model.verifications.create(auth, await readJson(ctx));
    const uri = authorizationRequestUri(
      ctx.baseUrl,
      record.id,
      await ctx.model.protocol.verifier.clientIdFor(record.tenant, ctx.baseUrl),
    );
    return json(201, {
      ...verificationView(record),
      client_token: record.clientToken,
      authorization_request_uri: uri,
      ...(await createAnswerExtras(ctx, record)),
      // Test mode only: the emulator's wallet page for this request. Never for live keys.
      ...(ctx.servesTestWallet && record.tenant.environment === "test"
        ? { test_wallet_url: testWalletUrl(ctx.baseUrl, uri) }
        : {}),
    });
  },
  listVerifications: (ctx) => {
    const page = ctx.model.verifications.list(secretAuth(ctx), queryOf(ctx.url));
    return json(200, {
      object: "list",
      data: page.data.map(verificationView),
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
    });
  },
  getVerification: (ctx) =>
    json(
      200,
      verificationView(ctx.model.verifications.get(secretAuth(ctx), ctx.params.verificationId!)),
    ),
  getVerificationStatus: (ctx) => jsonText(200, statusViewJson(readableStatus(ctx))),
  streamVerificationStatus: (ctx) => {
    const record = readableVerification(ctx);
    if (!ctx.model.realtime.available) {
      throw new ModelError(
        503,
        "realtime_unavailable",
        "The realtime channel is unavailable; poll the status endpoint instead.",
      );
    }
    return statusEventStream(ctx.model, record);
  },
  getVerificationResult: async (ctx) =>
    json(
      200,
      await ctx.model.verifications.result(
        secretAuth(ctx),
        ctx.params.verificationId!,
        ctx.baseUrl,
      ),
    ),
  getVerificationTimeline: (ctx) =>
    json(200, ctx.model.verifications.timeline(secretAuth(ctx), ctx.params.verificationId!)),
  cancelVerification: (ctx) =>
    json(
      200,
      verificationView(ctx.model.verifications.cancel(secretAuth(ctx), ctx.params.verificationId!)),
    ),
  getResultKeys: async (ctx) =>
    json(200, await ctx.model.signer.jwks(), { "cache-control": "public, max-age=300" }),
});
