/**
 * A server-sent events parser (WHATWG HTML, "Event stream interpretation") for what the status
 * stream uses: the `event` and `data` fields, comments (heartbeats), and every line ending — CRLF,
 * LF and CR, also when a CRLF is split across two chunks. `id` and `retry` are ignored: the client
 * reconnects on its own schedule and the first event of a stream carries the current status. The
 * UTF-8 BOM is removed by the TextDecoderStream in front of it.
 *
 * Hand-written rather than eventsource-parser (907 B min+gzip, a quarter of the status client's
 * 4 KB budget); a differential test checks it against that library on random streams.
 */
export function createSseParser(
  onEvent: (type: string, data: string) => void,
): (chunk: string) => void {
  let pending = "";
  let afterCR = false;
  let type = "";
  let data: string | undefined;
  return (chunk) => {
    if (!chunk) return;
    // A CR ended the last chunk: an LF starting this one belongs to it.
    const text = afterCR && chunk[0] === "\n" ? chunk.slice(1) : chunk;
    afterCR = chunk.endsWith("\r");
    const lines = (pending + text).split(/\r\n|\r|\n/);
    pending = lines.pop()!;
    for (const line of lines) {
      if (line === "") {
        if (data !== undefined) onEvent(type || "message", data);
        type = "";
        data = undefined;
      } else if (line[0] !== ":") {
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(line[colon + 1] === " " ? colon + 2 : colon + 1);
        if (field === "event") type = value;
        if (field === "data") data = data === undefined ? value : `${data}\n${value}`;
      }
    }
  };
}
