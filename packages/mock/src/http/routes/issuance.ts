import { queryOf } from "../../model/input.js";
import type { Model } from "../../model/model.js";
import { issuanceView } from "../../model/views.js";
import { offerUri, testWalletUrl } from "../handoff-uris.js";
import { json, readJson } from "../responses.js";
import type { Route } from "../route.js";
import { secretAuth } from "./auth.js";

const BASE = "/v1/openid4vc/issuance";

/** Issuance sessions (camelCase). Hand-off data (offer URIs, txCode) only on creation. */
export const issuanceRoutes: Route<Model>[] = [
  {
    method: "POST",
    pattern: `${BASE}/offer`,
    handle: async (ctx) => {
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
  },
  {
    method: "GET",
    pattern: BASE,
    handle: (ctx) => {
      const page = ctx.model.issuance.list(secretAuth(ctx), queryOf(ctx.url));
      return json(200, {
        object: "list",
        data: page.data.map(issuanceView),
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      });
    },
  },
  {
    method: "GET",
    pattern: `${BASE}/:id`,
    handle: (ctx) =>
      json(200, issuanceView(ctx.model.issuance.get(secretAuth(ctx), ctx.params.id!))),
  },
  {
    method: "POST",
    pattern: `${BASE}/:id/cancel`,
    handle: (ctx) =>
      json(200, issuanceView(ctx.model.issuance.cancel(secretAuth(ctx), ctx.params.id!))),
  },
  {
    method: "POST",
    pattern: `${BASE}/:id/revoke`,
    handle: (ctx) =>
      json(200, issuanceView(ctx.model.issuance.revoke(secretAuth(ctx), ctx.params.id!))),
  },
];
