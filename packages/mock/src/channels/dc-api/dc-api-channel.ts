import { json } from "../../http/responses.js";
import { verificationStatusView } from "../../model/records/views.js";
import type { PresentationChannel } from "../presentation-channel.js";
import { annexCKeyName } from "./annex-c-request.js";
import { readDcApiAnswer, readDcApiPost } from "./dc-api-answer.js";
import { dcApiKnownBindings } from "./dc-api-bindings.js";
import { dcApiKeyName } from "./dc-api-protocols.js";
import { dcApiRequestFor } from "./dc-api-request.js";

/**
 * The Digital Credentials API (OpenID4VP 1.0 Appendix A): the page hands the request to the
 * browser, the browser to a wallet on the device, and the page posts the answer back through the
 * REST operation `submitDcApiResponse` (`dc-api-operation.ts`), so this channel serves no route
 * of its own. Its request is the `dc_api_requests` entry (as JSON); its binding the page's origin.
 */
export const dcApiChannel: PresentationChannel = {
  name: "dc-api",
  makeRequest: async (ctx, verification, request) =>
    JSON.stringify(await dcApiRequestFor(ctx.model, ctx.baseUrl, verification, request)),
  knownBindings: (ctx, verification) => dcApiKnownBindings(ctx.model, verification),
  async readAnswer(ctx, verification, query) {
    const post = readDcApiPost(ctx.model, verification, JSON.parse(ctx.body || "null"), query);
    const read = await readDcApiAnswer(ctx.model, verification, post, query);
    if (read.ok) return { ok: true, answer: read.answer };
    return {
      ok: false,
      refusal: json(400, { error: "invalid_request", error_description: read.reason }),
    };
  },
  finish(ctx, verification) {
    ctx.model.protocol.verifier.dropResponseKey(verification.tenant, dcApiKeyName(verification.id));
    ctx.model.protocol.verifier.dropResponseKey(
      verification.tenant,
      annexCKeyName(verification.id),
    );
    const decided = ctx.model.verifications.findForProtocol(verification.id) ?? verification;
    return json(200, verificationStatusView(decided), { "cache-control": "no-store" });
  },
  routes: () => [],
};
