/** What {@link readBodyCapped} returns for a body over the cap. */
export const TOO_LARGE = Symbol("too large");

let decoder: TextDecoder | undefined;

/**
 * Reads a response body as text, refusing (and cancelling) it as soon as it passes `maxBytes`: a
 * declared `Content-Length` over the cap is refused before reading, and a streamed or compressed body
 * is counted as it arrives. `onReader` receives the reader, so that a timeout can cancel it.
 */
export async function readBodyCapped(
  response: Response,
  maxBytes: number,
  onReader: (reader: ReadableStreamDefaultReader<Uint8Array>) => void,
): Promise<string | typeof TOO_LARGE> {
  const declared = response.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    response.body?.cancel().catch(() => {});
    return TOO_LARGE;
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  onReader(reader);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => {});
      return TOO_LARGE;
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
