import type { Route } from "../../http/route.js";
import type { Model } from "../../model/model.js";
import {
  handleTestCredentialOffer,
  TEST_CREDENTIAL_OFFER_SUFFIX,
} from "../../protocol/issuer/test-credential-offer.js";
import { oauthError } from "../../protocol/oauth/oauth-error.js";
import { signedRequestObject } from "./request-object.js";
import { handleAuthorizationResponse } from "./response-endpoint.js";

/** OpenID4VP 1.0: the request object (by reference) and the direct_post response endpoint. */
export function verifierRoutes(): Route<Model>[] {
  return [
    {
      method: "GET",
      pattern: "/oid4vp/requests/:verificationId",
      handle: async (ctx) => {
        const verification = ctx.model.verifications.findForProtocol(ctx.params.verificationId!);
        if (!verification)
          return oauthError(404, "invalid_request_uri", "No such presentation request.");
        if (!["pending", "in_progress"].includes(verification.status))
          return oauthError(400, "invalid_request_uri", `This request is ${verification.status}.`);
        const jwt = await signedRequestObject(ctx.model, ctx.baseUrl, verification);
        if (verification.status === "pending")
          ctx.model.verifications.applyTrigger(verification.id, "request_fetched");
        return new Response(jwt, {
          headers: {
            "content-type": "application/oauth-authz-req+jwt",
            "cache-control": "no-store",
          },
        });
      },
    },
    {
      method: "POST",
      pattern: "/oid4vp/responses/:verificationId",
      handle: handleAuthorizationResponse,
    },
    {
      // Same-device (HAIP): the page a wallet's redirect_uri leads the holder's browser to.
      method: "GET",
      pattern: "/oid4vp/responses/:verificationId/return",
      handle: (ctx) => {
        const verification = ctx.model.verifications.findForProtocol(ctx.params.verificationId!);
        const code = ctx.url.searchParams.get("response_code") ?? "";
        const known =
          verification !== undefined &&
          ctx.model.protocol.consumeResponseCode(verification.tenant, verification.id, code);
        return new Response(
          known
            ? "The verifier received your wallet's answer. Return to the app that asked for it.\n"
            : "This link is not valid (or was used already). Return to the app that asked for a presentation.\n",
          {
            status: known ? 200 : 400,
            headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
          },
        );
      },
    },
    {
      method: "POST",
      pattern: `/oid4vp/requests/:verificationId${TEST_CREDENTIAL_OFFER_SUFFIX}`,
      handle: handleTestCredentialOffer,
    },
  ];
}
