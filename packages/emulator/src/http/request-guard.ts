import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { CredportConfigurationError } from "@credport/core";
import { ModelError } from "@credport/mock";
import { firstRawHeader } from "./raw-headers.js";

/**
 * Which `Host` names the emulator answers besides its own: names (`tunnel.example`), or a leading
 * dot for a name and all its subdomains (`.ngrok.example`); `true` answers every name.
 */
export type AllowedHosts = readonly string[] | true;

/** Where the emulator is known: its own addresses, for the rules of {@link RequestGuard}. */
export interface GuardedServer {
  /** `allowedHosts` of the emulator's options. */
  allowedHosts: AllowedHosts;
  /** The emulator's own origins (its listening address, the public base URL's origin). */
  origins(): readonly string[];
  /** Host names the emulator was started under (`--host`, the public base URL's host). */
  hostnames(): readonly string[];
}

/** The paths browsers must not write to from another site: operator surfaces, not the service's API. */
const OPERATOR_WRITES = /^\/(__emulator|__dashboard|wallet)(\/|$)/;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** What a host name given to the guard may be: a DNS name, possibly with a leading dot. */
const HOST_NAME = /^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The emulator's request rules, checked before any page or route runs, over node:http only (the
 * msw handlers run in-process: no Host, no browser):
 *
 * 1. DNS rebinding: a request whose `Host` names neither the emulator (localhost, `*.localhost`,
 *    an IP address, `--host`, the public URL) nor an allowed host is refused, since a page on
 *    `attacker.example` rebound to 127.0.0.1 would otherwise read the keys (`/__emulator/state`)
 *    and drive the dashboard. An IP address cannot be rebound, so every IP is answered (as Vite does).
 * 2. CSRF: a write to the control plane, the dashboard or the test wallet page is refused when a
 *    browser says it came from another site: `Sec-Fetch-Site: cross-site | same-site`, or, from a
 *    browser that sends no `Sec-Fetch-Site`, an `Origin` that is not the emulator's (`null`
 *    included). Scripts send neither and keep working.
 * 3. A control-plane write with a body must say `application/json`: the only body types a page
 *    elsewhere can send without asking (form, text/plain) are not it.
 */
export class RequestGuard {
  private readonly allowed: AllowedHosts;

  constructor(private readonly server: GuardedServer) {
    this.allowed =
      server.allowedHosts === true
        ? true
        : server.allowedHosts.map((name) => checkAllowedHost(name, "allowedHosts"));
  }

  /** Why this request is refused, or `undefined`. `path` is below the emulator's base path. */
  refusal(req: IncomingMessage, path: string): ModelError | undefined {
    // The first, as node's own `req.headers.host` keeps; from the raw list (./raw-headers.ts).
    const host = firstRawHeader(req.rawHeaders, "host");
    if (host !== undefined && !this.answersHostCached(host)) return hostNotAllowed(host);
    const method = req.method ?? "GET";
    if (READS.has(method) || !OPERATOR_WRITES.test(path)) return undefined;
    const crossSite = this.crossSiteSource(req);
    if (crossSite !== undefined) return crossSiteRequest(crossSite);
    if (path.startsWith("/__emulator/") && hasBody(req) && !isJson(req.headers["content-type"]))
      return notJson();
    return undefined;
  }

  /** Verdicts by `Host` header: the same few come on every request. Bounded against floods of names. */
  private readonly hostVerdicts = new Map<string, boolean>();

  private answersHostCached(header: string): boolean {
    let verdict = this.hostVerdicts.get(header);
    if (verdict === undefined) {
      verdict = this.answersHost(header);
      if (this.hostVerdicts.size >= 64) this.hostVerdicts.clear();
      this.hostVerdicts.set(header, verdict);
    }
    return verdict;
  }

  private answersHost(header: string): boolean {
    if (this.allowed === true) return true;
    const hostname = hostnameOf(header);
    if (hostname === undefined) return false;
    if (isIP(hostname) !== 0) return true;
    if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
    if (this.server.hostnames().includes(hostname)) return true;
    for (const name of this.allowed) {
      if (name === hostname) return true;
      if (name.startsWith(".") && (hostname === name.slice(1) || hostname.endsWith(name)))
        return true;
    }
    return false;
  }

  /** The site a browser says the write came from when it is not the emulator's own, else `undefined`. */
  private crossSiteSource(req: IncomingMessage): string | undefined {
    // A browser that says where the request came from is believed (pages cannot set the header);
    // its Origin may then be `null` for our own forms, under the pages' `no-referrer` policy.
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") return `Sec-Fetch-Site: ${site}`;
    if (site === "same-origin" || site === "none") return undefined;
    const origin = req.headers.origin;
    if (origin === undefined) return undefined;
    if (origin === "null") return "an opaque origin (Origin: null)";
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return "an unreadable Origin";
    }
    if (url.host === req.headers.host?.toLowerCase() || this.server.origins().includes(url.origin))
      return undefined;
    return `Origin ${clip(url.origin)}`;
  }
}

/** A name of {@link AllowedHosts}, lower-cased; anything else is an error naming `option`. */
export function checkAllowedHost(name: string, option: string): string {
  const lower = name.trim().toLowerCase();
  if (HOST_NAME.test(lower) || isIP(lower) !== 0) return lower;
  throw new CredportConfigurationError(
    `@credport/emulator: ${option}: ${JSON.stringify(clip(name))} is not a host name (such as abc.tunnel.example, or .tunnel.example for its subdomains too)`,
    { code: "invalid_option" },
  );
}

/** The host name of a `Host` header (port dropped, IPv6 brackets removed), or `undefined`. */
function hostnameOf(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  if (value.startsWith("[")) {
    const end = value.indexOf("]");
    const ip = end === -1 ? "" : value.slice(1, end);
    return isIP(ip) === 6 ? ip : undefined;
  }
  const colon = value.indexOf(":");
  const hostname = colon === -1 ? value : value.slice(0, colon);
  return hostname === "" ? undefined : hostname.replace(/\.$/, "");
}

const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined ||
  (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

const isJson = (type: string | undefined) =>
  type !== undefined && type.split(";")[0]!.trim().toLowerCase() === "application/json";

/** Echoed values are cut short: a refusal is no place for an attacker's kilobytes. */
const clip = (value: string) => (value.length > 100 ? `${value.slice(0, 100)}…` : value);

const hostNotAllowed = (host: string) => {
  const name = hostnameOf(host) ?? host;
  return new ModelError(
    403,
    "host_not_allowed",
    `Host ${JSON.stringify(clip(host))} is not a name of this emulator, which answers localhost, IP addresses, its --host and its --public-url only: a web page under another name could be a DNS rebinding attack reading its keys. To reach it under this name (a tunnel, a LAN name), start it with --allowed-hosts ${clip(name)} (startEmulator({ allowedHosts: ["${clip(name)}"] })).`,
  );
};

const crossSiteRequest = (source: string) =>
  new ModelError(
    403,
    "cross_site_request",
    `This write came from another site (${source}): the control plane, the dashboard and the test wallet page take writes from their own pages and from scripts (which send no Origin) only.`,
  );

const notJson = () =>
  new ModelError(
    415,
    "unsupported_media_type",
    "Content-Type: the control plane takes application/json bodies only (a page on another site can send text/plain and form bodies without asking).",
  );
