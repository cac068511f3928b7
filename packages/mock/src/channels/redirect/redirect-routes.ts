import type { Route } from "../../http/route.js";
import type { Model } from "../../model/model.js";
import { isOpenVerification } from "../../model/transitions/verification-transitions.js";
import { oauthError } from "../../protocol/oauth/oauth-error.js";
import type { ChannelVerifier, PresentationChannel } from "../presentation-channel.js";

/**
 * OpenID4VP 1.0 over redirects: the request object (by reference), the direct_post response
 * endpoint, and the page a same-device wallet sends its browser back to.
 */
export function redirectRoutes(
  channel: PresentationChannel,
  verifier: ChannelVerifier,
): Route<Model>[] {
  return [
    {
      method: "GET",
      pattern: "/oid4vp/requests/:verificationId",
      handle: async (ctx) => {
        const verification = ctx.model.verifications.findForProtocol(ctx.params.verificationId!);
        if (!verification)
          return oauthError(404, "invalid_request_uri", "No such presentation request.");
        if (!isOpenVerification(verification.status))
          return oauthError(400, "invalid_request_uri", `This request is ${verification.status}.`);
        const jwt = await channel.makeRequest(
          ctx,
          verification,
          await verifier.requestFor(ctx.model, verification),
        );
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
      handle: async (ctx) => {
        // A malformed answer (not a form, another state, no vp_token and no error, a vp_token
        // that does not fit the query) is refused with 400 `invalid_request` and the verification
        // stays open; a well-formed one decides it: `error` → wallet_rejected, a presentation →
        // verified, or failed with the reason's failure code.
        const verification = ctx.model.verifications.findForProtocol(ctx.params.verificationId!);
        if (!verification || !isOpenVerification(verification.status))
          return oauthError(400, "invalid_request", "No open presentation request here.");
        const read = await channel.readAnswer(ctx, verification, verifier.queryFor(verification));
        // A malformed answer changes nothing, not even the timeline: the wallet may send another.
        if (!read.ok) return read.refusal;
        ctx.model.verifications.noteStep(verification.id, "answer_received", {
          channel: "redirect",
        });
        // Another answer may have decided the verification while this one was being checked.
        if ((await verifier.decide(ctx, verification, read.answer)) === "closed")
          return oauthError(400, "invalid_request", "No open presentation request here.");
        return channel.finish(ctx, verification);
      },
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
          ctx.model.protocol.verifier.consumeResponseCode(
            verification.tenant,
            verification.id,
            code,
          );
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
  ];
}
