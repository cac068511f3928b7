const BEARER = /^Bearer\s+(\S+)$/i;
const PREFIX = "Bearer ";

/**
 * The token of an `Authorization: Bearer <token>` header (the scheme in any case, then whitespace,
 * then a token without whitespace), or `undefined`. The usual form, `Bearer ` and printable ASCII,
 * is read without the regular expression (it is on every browser status read); anything else goes
 * through it, so that both paths answer the same.
 */
export function bearerToken(authorization: string | null): string | undefined {
  if (authorization === null) return undefined;
  if (authorization.length > PREFIX.length && authorization.startsWith(PREFIX)) {
    let plain = true;
    for (let i = PREFIX.length; i < authorization.length; i++) {
      const code = authorization.charCodeAt(i);
      if (code <= 0x20 || code >= 0x7f) {
        plain = false;
        break;
      }
    }
    if (plain) return authorization.slice(PREFIX.length);
  }
  return BEARER.exec(authorization)?.[1];
}
