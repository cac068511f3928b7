import { createParser } from "eventsource-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSseParser } from "../src/sse-parser.js";

/** Feeds `chunks` to our parser and returns the events it emitted. */
function ours(chunks: string[]) {
  const events: [string, string][] = [];
  const feed = createSseParser((type, data) => events.push([type, data]));
  for (const chunk of chunks) feed(chunk);
  return events;
}

/** The same, with eventsource-parser as the reference. */
function reference(chunks: string[]) {
  const events: [string, string][] = [];
  const parser = createParser({ onEvent: (e) => events.push([e.event ?? "message", e.data]) });
  for (const chunk of chunks) parser.feed(chunk);
  return events;
}

describe("the SSE parser", () => {
  it("reads the status stream: retry, status events, heartbeats", () => {
    const stream =
      'retry: 2000\n\nevent: status\ndata: {"status":"pending"}\n\n: heartbeat\n\nevent: status\ndata: {"status":"verified"}\n\n';
    expect(ours([stream])).toEqual([
      ["status", '{"status":"pending"}'],
      ["status", '{"status":"verified"}'],
    ]);
  });

  it.each([
    ["CRLF", "event: status\r\ndata: a\r\n\r\n"],
    ["CR", "event: status\rdata: a\r\r"],
    ["a CRLF split across chunks", ["event: status\r", "\ndata: a\r", "\n\r", "\n"]],
    ["a field without a space", "event:status\ndata:a\n\n"],
  ])("handles %s", (_, stream) => {
    expect(ours(Array.isArray(stream) ? stream : [stream])).toEqual([["status", "a"]]);
  });

  it("joins data lines, dispatches nothing without data, defaults the type to message", () => {
    expect(ours(["data: a\ndata: b\n\nevent: x\n\ndata\n\n"])).toEqual([
      ["message", "a\nb"],
      ["message", ""],
    ]);
  });

  it("emits what eventsource-parser emits, for random streams cut into random chunks", () => {
    const line = fc.oneof(
      fc.constantFrom("", ":", ": heartbeat", "data", "event", "retry: 10", "id: 7"),
      fc
        .tuple(
          fc.constantFrom("data", "event", "id", "retry", "x"),
          fc.constantFrom(":", ": ", ":  "),
          fc.string({ unit: fc.constantFrom("a", "b", " ", ":", "{", "}", "é") }),
        )
        .map(([field, colon, value]) => `${field}${colon}${value}`),
    );
    const ending = fc.constantFrom("\n", "\r", "\r\n");
    const stream = fc
      .array(fc.tuple(line, ending), { maxLength: 30 })
      .map((lines) => lines.map(([l, e]) => l + e).join(""));
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points, text.length]
          .slice(1)
          .map((end, i, ends) => text.slice(i === 0 ? 0 : ends[i - 1], end));
        // eventsource-parser holds back a chunk's trailing CR until it sees whether an LF follows;
        // ours ends the line at once (a CR alone is a line end). A final LF settles both.
        expect(ours([...chunks, "\n"])).toEqual(reference([...chunks, "\n"]));
      }),
      { numRuns: 2000 },
    );
  });
});
