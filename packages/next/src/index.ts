import "server-only";

export { verifyWebhook } from "@credport/server";
export type { CredportNextConfig } from "./config.js";
export { createCredportHandlers } from "./handlers.js";
export { createCredportMiddleware, isProtectedPath, type ProtectOptions } from "./middleware.js";
export { getVerifiedSession } from "./server-session.js";
export type { VerifiedSession } from "./verified-session.js";
