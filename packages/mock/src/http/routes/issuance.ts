import { queryOf } from "../../model/infrastructure/input.js";
import { issuanceView } from "../../model/records/views.js";
import { offerUri, testWalletUrl } from "../handoff-uris.js";
import { json, readJson } from "../responses.js";
import { secretAuth } from "./auth.js";
import type { OperationHandlers } from "./operations.js";

/**
 * Issuance sessions (camelCase), by operation ID: the operations table gives their routes.
 * Hand-off data (offer URIs, txCode) only on creation.
 */
export const issuanceHandlers: OperationHandlers = {
  createOffer: async (ctx) => {
    const auth = secretAuth(ctx);
    const { record, txCode } = ctx.model.issuance.createOffer(auth, await readJson(ctx));
    const uri = offerUri(ctx.baseUrl, record.id);
    return json(201, {
      ...issuanceView(record),
      offerUri: uri,
      offerQrUri: uri,
      ...(txCode ? { txCode } : {}),
      // Test mode only: the emulator's wallet page for this offer. Never for live keys.
      ...(ctx.servesTestWallet && record.tenant.environment === "test"
        ? { testWalletUrl: testWalletUrl(ctx.baseUrl, uri) }
        : {}),
    });
  },
  listIssuanceSessions: (ctx) => {
    const page = ctx.model.issuance.list(secretAuth(ctx), queryOf(ctx.url));
    return json(200, {
      object: "list",
      data: page.data.map(issuanceView),
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
    });
  },
  getIssuanceSession: (ctx) =>
    json(200, issuanceView(ctx.model.issuance.get(secretAuth(ctx), ctx.params.issuanceId!))),
  cancelIssuanceSession: (ctx) =>
    json(200, issuanceView(ctx.model.issuance.cancel(secretAuth(ctx), ctx.params.issuanceId!))),
  getIssuanceTimeline: (ctx) =>
    json(200, ctx.model.issuance.timeline(secretAuth(ctx), ctx.params.issuanceId!)),
  revokeIssuedCredential: (ctx) =>
    json(200, issuanceView(ctx.model.issuance.revoke(secretAuth(ctx), ctx.params.issuanceId!))),
};
