import { CredportConfigurationError } from "@credport/core";
/**
 * The base URL under which wallets reach the service when it sits behind a reverse proxy or a
 * tunnel: an absolute http(s) URL, optionally with a path, without query or fragment. Returned
 * without a trailing slash.
 */
export function checkPublicBaseUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || value.includes("#")) {
    throw new CredportConfigurationError(
      `@credport/emulator: publicBaseUrl must be an absolute http(s) URL without query or fragment, such as https://abc.tunnel.example (got ${JSON.stringify(value)}).`,
      { code: "invalid_option" },
    );
  }
  return url.href.replace(/\/$/, "");
}

/**
 * Well-known documents live at the origin's root with the issuer's path after the well-known name
 * (RFC 8414 §3.1, OpenID4VCI 1.0 §12.2.2): for a base `https://host/credport` a wallet asks for
 * `/.well-known/openid-credential-issuer/credport/oid4vci/…`. This moves the base path to the
 * front, `/credport/.well-known/openid-credential-issuer/oid4vci/…`, where the routes (relative to
 * the base) find it.
 */
export function wellKnownUnderBasePath(pathname: string, publicBaseUrl: string): string {
  const basePath = new URL(publicBaseUrl).pathname.replace(/\/$/, "");
  const match = /^\/\.well-known\/([^/]+)(\/.*)$/.exec(pathname);
  if (!basePath || !match || !match[2]!.startsWith(`${basePath}/`)) return pathname;
  return `${basePath}/.well-known/${match[1]}${match[2]!.slice(basePath.length)}`;
}
