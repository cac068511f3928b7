/**
 * Header lookups in the raw list node parsed (`req.rawHeaders`: name, value, name, value…), which
 * a request's answer reads a few times: reading `req.headers` instead would build an object of
 * every header, and lower-casing each name to compare it would make a string per header and look-up.
 */

/** Whether a header name as sent equals `lowerName` (lower case) but for the case of its letters. */
export function isFieldName(field: string, lowerName: string): boolean {
  if (field.length !== lowerName.length) return false;
  for (let i = 0; i < field.length; i++) {
    const code = field.charCodeAt(i);
    const wanted = lowerName.charCodeAt(i);
    // A–Z are 65–90; their lower-case letters are 32 further.
    if (code !== wanted && !(code >= 65 && code <= 90 && code + 32 === wanted)) return false;
  }
  return true;
}

/** Every value of the header `lowerName`, joined with `, ` as Fetch does, or `null`. */
export function rawHeader(raw: readonly string[], lowerName: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    if (!isFieldName(raw[i]!, lowerName)) continue;
    value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

/** The first value of the header `lowerName` (as node's own `req.headers.host` keeps), or `undefined`. */
export function firstRawHeader(raw: readonly string[], lowerName: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (isFieldName(raw[i]!, lowerName)) return raw[i + 1];
  return undefined;
}
