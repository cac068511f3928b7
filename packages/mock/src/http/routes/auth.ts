import type { SecretAuth } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import type { RouteContext } from "../route.js";

export type Context = RouteContext<Model>;

export const secretAuth = (ctx: Context): SecretAuth =>
  ctx.model.keys.authenticateSecret(ctx.header("x-service-key"));
