import { verifierRoutes } from "../channels/redirect/redirect-routes.js";
import type { Route } from "../http/route.js";
import type { Model } from "../model/model.js";
import { issuerRoutes } from "./issuer/issuer-routes.js";

/** OpenID4VCI (pre-authorized code) and OpenID4VP (direct_post) endpoints that wallets call. */
export function createProtocolRoutes(): Route<Model>[] {
  return [...issuerRoutes(), ...verifierRoutes()];
}
