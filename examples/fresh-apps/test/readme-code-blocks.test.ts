import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, inject, it } from "vitest";
import { type CodeBlock, codeBlocks, readmeFiles } from "../src/readme-blocks.js";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const readmes = readmeFiles(repoRoot);
// TanStack Start's blocks type-check only beside the route tree its plugin generates: the
// TanStack Start app's test (tanstack-start-app.e2e.test.ts) compiles them in the built app.
const blocks = readmes
  .flatMap((readme) => codeBlocks(readFileSync(join(repoRoot, readme), "utf8"), readme))
  .filter((block) => !block.section.startsWith("TanStack Start"));
/** Compiler errors, each as `README.md:line: message` (the block's line in the README). */
const errors: string[] = [];

/** The block as a file of its own, context first; its lines map back to the README. */
const fileName = (block: CodeBlock) =>
  `${block.readme.replace(/[/.]/g, "_")}_${block.line}.${block.lang}`;

beforeAll(() => {
  // Strict, exactOptionalPropertyTypes on, against the packed packages: what a careful user has.
  const project = join(inject("scratch"), "readme-check");
  mkdirSync(join(project, "blocks"), { recursive: true });
  const offsets = new Map<string, { block: CodeBlock; contextLines: number }>();
  for (const block of blocks) {
    const context = block.context ? `${block.context}\n` : "";
    writeFileSync(join(project, "blocks", fileName(block)), `${context}${block.code}\n`);
    offsets.set(fileName(block), { block, contextLines: context.split("\n").length - 1 });
  }
  let output = "";
  try {
    execFileSync(join(project, "node_modules/.bin/tsc"), ["-p", "."], {
      cwd: project,
      encoding: "utf8",
      stdio: "pipe",
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  for (const match of output.matchAll(/^blocks\/([^(]+)\((\d+),\d+\): (error .*)$/gm)) {
    const { block, contextLines } = offsets.get(match[1]!)!;
    const line = Number(match[2]) - contextLines;
    errors.push(
      line > 0
        ? `${block.readme}:${block.line + line}: ${match[3]}`
        : `${block.readme}:${block.line} (typecheck-context): ${match[3]}`,
    );
  }
  if (output && errors.length === 0) errors.push(output);
});

it("finds the code blocks of every README", () => {
  expect(readmes).toContain("README.md");
  expect(readmes).toContain("packages/react/README.md");
  expect(blocks.length).toBeGreaterThan(20);
});

it.each(readmes)("every ts/tsx block of %s compiles against the packed packages", (readme) => {
  expect(errors.filter((error) => error.startsWith(`${readme}:`))).toEqual([]);
});
