import { describe, expect, it } from "vitest";
import {
  HOSTILE_RETURN_PATHS,
  SAFE_RETURN_PATHS,
} from "../../core/test/support/hostile-return-paths.js";
import { safeReturnPath } from "../src/return-path.js";

// The same table as @credport/core's and @credport/next's: one rule for every package.
describe("safeReturnPath: only paths on this site are followed", () => {
  it.each(SAFE_RETURN_PATHS)("%s → %s", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([...HOSTILE_RETURN_PATHS, null, undefined].map((value) => [value]))(
    "refuses %j",
    (value) => {
      expect(safeReturnPath(value)).toBeUndefined();
    },
  );
});
