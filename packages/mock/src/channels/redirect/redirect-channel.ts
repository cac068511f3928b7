import type { PresentationChannel } from "../presentation-channel.js";
import { redirectRoutes } from "./redirect-routes.js";
import { signedRequestObject } from "./request-object.js";
import { finishRedirect, readRedirectAnswer, redirectBinding } from "./response-endpoint.js";

/**
 * The redirect flow (OpenID4VP 1.0 by reference): the wallet fetches a signed request object from
 * the request URI and posts its answer to the response URI, as `direct_post` (plain profile) or
 * encrypted as `direct_post.jwt` (HAIP).
 */
export const redirectChannel: PresentationChannel = {
  name: "redirect",
  makeRequest: (ctx, verification, request) =>
    signedRequestObject(ctx.model, ctx.baseUrl, verification, request),
  readAnswer: readRedirectAnswer,
  knownBindings: async (ctx, verification) => [await redirectBinding(ctx, verification)],
  finish: finishRedirect,
  routes: (verifier) => redirectRoutes(redirectChannel, verifier),
};
