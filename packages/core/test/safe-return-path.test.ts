import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../src/index.js";
import { HOSTILE_RETURN_PATHS, SAFE_RETURN_PATHS } from "./support/hostile-return-paths.js";

describe("safeReturnPath: the one open-redirect rule", () => {
  it.each(SAFE_RETURN_PATHS)("follows %j as %j", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each(HOSTILE_RETURN_PATHS.map((value) => [value]))("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it.each([[null], [undefined], [42], [["/a", "/b"]], [{ toString: () => "/a" }]])(
    "refuses the non-string %j",
    (value) => {
      expect(safeReturnPath(value)).toBeUndefined();
    },
  );

  it("what it gives back stays on this site and is given back unchanged", () => {
    const here = "https://app.example";
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webPath(),
          fc.stringMatching(/^[/\\%.a-z0-9:?#\t ]{0,24}$/),
          fc.webUrl().map((url) => url.slice(url.indexOf("/", 8))),
        ),
        (value) => {
          const path = safeReturnPath(value);
          if (path === undefined) return;
          expect(new URL(path, here).origin).toBe(here);
          expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
          expect(safeReturnPath(path)).toBe(path);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
