import type { Model } from "@credport/mock";

/**
 * What every dashboard or wallet page handler gets: the request and the emulator it belongs to.
 * The dashboard and the wallet page add their own stores (`DashboardContext`, `WalletPageContext`).
 */
export interface FaceContext {
  model: Model;
  request: Request;
  url: URL;
  /** The request path relative to the service's base, e.g. `/wallet`. */
  path: string;
  /** The base path the page was reached under (`""`, or `/credport` behind a proxy), for links. */
  basePath: string;
  /** Where wallets reach the service: every hand-off URI is on this base. */
  publicBaseUrl: string;
  /** The emulator's own address. */
  localUrl: string;
  /** The project whose keys the emulator printed at start. */
  emulatorProjectId: string;
}

/** Answers one page request. */
export type FaceHandler<Context extends FaceContext = FaceContext> = (
  ctx: Context,
) => Response | Promise<Response>;
