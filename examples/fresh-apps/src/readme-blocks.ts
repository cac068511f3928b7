import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** A TypeScript code block of a README, where it stands and what it is meant to be. */
export interface CodeBlock {
  /** The README, relative to the repository. */
  readme: string;
  /** Line of the opening fence (1-based). */
  line: number;
  lang: "ts" | "tsx";
  code: string;
  /**
   * Declarations the block assumes but does not show (values from earlier steps), from an HTML
   * comment right before the fence: `<!-- typecheck-context: declare const offer: Offer; -->`.
   * Invisible on GitHub and npm, compiled in front of the block.
   */
  context: string;
  /** The file the block is, when its first line names one: `// app/verify/page.tsx`. */
  file: string | undefined;
  /** The nearest heading above it. */
  section: string;
}

const FENCE = /^```(ts|tsx|typescript)\s*$/;
// `$` too: TanStack Start names a splat route `$.ts`.
const FILE_COMMENT = /^\/\/ ([\w@.[\]\-/$]+\.(?:ts|tsx|mts|mjs))\b/;
const CONTEXT = /<!--\s*typecheck-context:([\s\S]*?)-->\s*$/;

/** Every ts/tsx block of one README. */
export function codeBlocks(markdown: string, readme: string): CodeBlock[] {
  const lines = markdown.split("\n");
  const blocks: CodeBlock[] = [];
  let section = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("#")) section = line.replace(/^#+\s*/, "");
    const fence = FENCE.exec(line);
    if (!fence) {
      // Any other fence: skip its body, so that `#` lines inside (shell comments) are no headings.
      if (line.startsWith("```")) while (++i < lines.length && !lines[i]!.startsWith("```"));
      continue;
    }
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && !lines[i]!.startsWith("```")) body.push(lines[i]!);
    const before = lines.slice(Math.max(0, start - 8), start).join("\n");
    blocks.push({
      readme,
      line: start + 1,
      lang: fence[1] === "tsx" ? "tsx" : "ts",
      code: body.join("\n"),
      context: CONTEXT.exec(before)?.[1]?.trim() ?? "",
      file: FILE_COMMENT.exec(body[0] ?? "")?.[1],
      section,
    });
  }
  return blocks;
}

/** Every README of the repository: the root one, each package's and each example's. */
export function readmeFiles(root: string): string[] {
  const files = [join(root, "README.md")];
  for (const group of ["packages", "examples"]) {
    for (const name of readdirSync(join(root, group)).sort()) {
      const file = join(root, group, name, "README.md");
      try {
        readFileSync(file);
        files.push(file);
      } catch {
        // no README here
      }
    }
  }
  return files.map((file) => relative(root, file));
}

/** The blocks right under a heading that starts with `heading`, in order. */
export function sectionBlocks(blocks: CodeBlock[], heading: string): CodeBlock[] {
  return blocks.filter((block) => block.section.startsWith(heading));
}
