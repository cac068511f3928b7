// One table of "return to" values for every package that follows one: `@credport/core`'s
// safeReturnPath, `@credport/next`'s safeRedirectPath and `@credport/react`'s return path all run
// it, so that the rule cannot drift apart again.

/** Values that would lead off the site (or that no decoding can make sense of): all refused. */
export const HOSTILE_RETURN_PATHS: readonly string[] = [
  "//evil.example",
  "///evil.example",
  "//evil.example/members",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "https://evil.example",
  "https://evil.example/",
  "http:evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,x",
  "evil.example",
  "members",
  "",
  // Encoded slashes and backslashes: a server or router that decodes once (or twice) reads //host.
  "%2F%2Fevil.example",
  "%2F%2Fevil",
  "/%2F%2Fevil.example",
  "/%2f%2fevil.example",
  "/%2f/evil.example",
  "%2F%5Cevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%252F%252Fevil.example",
  "/%255C%255Cevil.example",
  "/%25252F%25252Fevil.example",
  "/%2525252F%2525252Fevil.example",
  // Dot segments that resolve to //host, plain or encoded.
  "/..//evil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/.%2e/%2F%2Fevil",
  "/..%2F..%2F%2F%2Fevil.example",
  "/%2e%2e%2f%2fevil.example",
  // Whitespace and control characters: browsers drop tabs and newlines, so /\t/host is //host.
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/ /evil.example",
  " /members",
  " //evil.example",
  "/members ",
  "/\u0000/evil.example",
  "/\u001f/evil.example",
  "/\u007f/evil.example",
  "/\u00a0/evil.example",
  "/\u2028/evil.example",
  "/\ufeff/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%00/evil.example",
  "/%E2%80%A8/evil.example",
  // Malformed encoding: what it decodes to cannot be known.
  "/%",
  "/%E0%A4%A",
  // Absurdly long.
  `/${"a".repeat(2048)}`,
];

/** Paths on this site, each with the path that is followed. */
export const SAFE_RETURN_PATHS: readonly (readonly [string, string])[] = [
  ["/", "/"],
  ["/members", "/members"],
  ["/members/area?tab=1#top", "/members/area?tab=1#top"],
  ["/members/orders?page=2&sort=new", "/members/orders?page=2&sort=new"],
  ["/members#top", "/members#top"],
  ["/a/../members", "/members"],
  // The query is the page's own business: an encoded or plain //host in it is not followed.
  ["/a/b/c?x=%2F%2Fevil.com", "/a/b/c?x=%2F%2Fevil.com"],
  ["/search?next=//evil.example", "/search?next=//evil.example"],
  ["/caf%C3%A9", "/caf%C3%A9"],
  ["/a%2Fb", "/a%2Fb"],
];
