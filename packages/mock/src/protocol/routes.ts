import type { Route } from "../http/route.js";
import type { Model } from "../model/model.js";
import { issuerRoutes } from "./issuer/issuer-routes.js";
import { verifierRoutes } from "./verifier/verifier-routes.js";

/** OpenID4VCI (pre-authorized code) and OpenID4VP (direct_post) endpoints that wallets call. */
export function createProtocolRoutes(): Route<Model>[] {
  return [...issuerRoutes(), ...verifierRoutes()];
}
