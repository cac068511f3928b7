/** How deep an answer's JSON may nest: a real one nests a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * `JSON.parse`, after a scan that refuses text nesting objects and arrays deeper than `maxDepth`:
 * what a deeply nested value meets later (`JSON.stringify`, a recursive walk) overflows the stack,
 * and that must be the sender's `400`, not the server's `500`. `undefined` when the text nests
 * too deep or is not JSON.
 */
export function parseBoundedJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return undefined;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
