/**
 * The path of a request target as a Node framework's router reads it: raw (no dot segments
 * resolved, nothing decoded), up to the query — and, for a router that treats `;` as the start of
 * parameters (Fastify's `useSemicolonDelimiter`), up to the first `;`. The wall checks this
 * reading beside the URL's, so that what the router serves is what the wall judged.
 */
export function routedPath(target: string, { semicolon = false } = {}): string {
  const cut = semicolon ? /[?#;]/ : /[?#]/;
  const end = target.search(cut);
  return end === -1 ? target : target.slice(0, end);
}
