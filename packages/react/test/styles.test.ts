// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

describe("@credport/react/styles.css", () => {
  it("is exported, published, and kept by bundlers as a side effect", () => {
    const pkg = JSON.parse(read("package.json"));
    expect(pkg.exports["./styles.css"]).toBe("./styles.css");
    expect(pkg.files).toContain("styles.css");
    expect(pkg.sideEffects).toEqual(["*.css"]);
  });

  it("styles only class names the components render", () => {
    const css = read("styles.css");
    const source = ["verification-gate.tsx", "sign-out.tsx"].map((f) => read(`src/${f}`)).join("");
    const classes = new Set(css.match(/\.credport-[a-z-]+/g)!.map((c) => c.slice(1)));
    expect(classes.size).toBeGreaterThan(8);
    for (const name of classes) expect(source, name).toContain(`"${name}`);
  });
});
