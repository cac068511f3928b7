import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type CodeBlock, codeBlocks, sectionBlocks } from "./readme-blocks.js";

/** The root README, as a user reads it. */
export const ROOT_README = fileURLToPath(new URL("../../../README.md", import.meta.url));

/** The port the README's backends listen on by default, and its Vite proxy points at. */
export const README_BACKEND_PORT = 3001;

/** The files of "React with your own backend", each taken from the README as it stands. */
export interface ReadmeReactApp {
  /** `server.mjs` for each backend the README shows. */
  server: { express: string; fastify: string };
  /** `src/main.tsx`: the provider and the gate. */
  main: string;
  /** `vite.config.ts`: the dev server's proxy to the backend. */
  viteConfig: string;
}

const one = (blocks: CodeBlock[], what: string, test: (block: CodeBlock) => boolean): string => {
  const found = blocks.filter(test);
  if (found.length !== 1)
    throw new Error(`README.md: expected one ${what} block in its section, found ${found.length}`);
  return found[0]!.code;
};

/** Reads the section's blocks; fails naming the block that is missing or doubled. */
export function readmeReactApp(): ReadmeReactApp {
  const blocks = sectionBlocks(
    codeBlocks(readFileSync(ROOT_README, "utf8"), "README.md"),
    "React with your own",
  );
  const server = (adapter: string) =>
    one(
      blocks,
      `server.mjs (${adapter})`,
      (b) => b.file === "server.mjs" && b.code.includes(`@credport/session/${adapter}`),
    );
  return {
    server: { express: server("express"), fastify: server("fastify") },
    main: one(blocks, "src/main.tsx", (b) => b.file === "src/main.tsx"),
    viteConfig: one(blocks, "vite.config.ts", (b) => b.file === "vite.config.ts"),
  };
}

/**
 * The README's Vite config, pointed at a backend on `port` instead of 3001 (the one change a test
 * on a shared machine needs: 3001 may be taken).
 */
export function viteConfigFor(viteConfig: string, port: number): string {
  const target = `http://localhost:${README_BACKEND_PORT}`;
  if (!viteConfig.includes(target))
    throw new Error(`README.md's vite.config.ts no longer proxies to ${target}`);
  return viteConfig.replaceAll(target, `http://localhost:${port}`);
}

/** Writes `code` at `path` in the app, as a user pasting the block would. */
export function writeAppFile(appDir: string, path: string, code: string): void {
  const file = join(appDir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${code}\n`);
}
