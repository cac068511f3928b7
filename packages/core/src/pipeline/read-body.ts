/** What {@link readBodyCapped} returns for a body over the cap. */
export const BODY_TOO_LARGE: unique symbol = Symbol("body too large");

let decoder: TextDecoder | undefined;

/**
 * Reads a body (a `Response`'s, or a `Request`'s on the server) as UTF-8 text, refusing (and
 * cancelling) it as soon as it passes `maxBytes`: a declared `Content-Length` over the cap is
 * refused before reading, and every body (streamed, chunked, compressed, or with a `Content-Length`
 * that is not a number) is counted as it arrives. `onReader` receives the reader, so that a
 * timeout can cancel it.
 */
export async function readBodyCapped(
  message: Pick<Response, "headers" | "body">,
  maxBytes: number,
  onReader?: (reader: ReadableStreamDefaultReader<Uint8Array>) => void,
): Promise<string | typeof BODY_TOO_LARGE> {
  const declared = message.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    message.body?.cancel().catch(() => {});
    return BODY_TOO_LARGE;
  }
  if (!message.body) return "";
  const reader = message.body.getReader();
  onReader?.(reader);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => {});
      return BODY_TOO_LARGE;
    }
    chunks.push(value);
  }
  decoder ??= new TextDecoder();
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(all);
}
