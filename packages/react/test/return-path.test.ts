import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../src/return-path.js";

describe("safeReturnPath: only paths on this site are followed", () => {
  it.each([
    ["/members", "/members"],
    ["/members/area?tab=1#top", "/members/area?tab=1#top"],
    ["/a/../members", "/members"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"], // an encoded slash stays a path on this site
    ["/search?next=//evil.example", "/search?next=//evil.example"],
  ])("%s → %s", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ["//evil.example"],
    ["//evil.example/members"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"], // browsers drop tabs: this would be //evil.example
    ["/\n/evil.example"],
    ["/\r/evil.example"],
    [" /members"],
    ["/members "],
    ["/..//evil.example"], // normalises to //evil.example
    ["/.//evil.example"],
    ["/%2e%2e//evil.example"],
    ["https://evil.example/"],
    ["http:/evil.example"],
    ["javascript:alert(1)"],
    ["evil.example"],
    ["members"],
    [""],
    [null],
    [undefined],
  ])("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });
});
