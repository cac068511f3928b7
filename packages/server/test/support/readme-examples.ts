// What the README example tests share: each ts block under a heading compiled to an ES module and
// imported as written, and the mock service with the CREDPORT_* variables the examples read.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll } from "vitest";
import { ALL_SERVICES, type TestService } from "./services.js";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Registers the suite's set-up (call it in a file or a `describe`): a scratch folder inside the
 * package, so that `@credport/server` resolves to this package, and the mock service the
 * examples' `new Credport()` reaches through the environment. Both go when the suite ends.
 */
export function readmeExamples(): {
  importExample(heading: string): Promise<Record<string, unknown>>;
  service(): TestService;
} {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const scratch = mkdtempSync(join(packageDir, ".generated-readme-"));
  let service: TestService | undefined;
  const env = { ...process.env };
  beforeAll(async () => {
    service = await ALL_SERVICES[0]!.start();
    process.env.CREDPORT_SECRET_KEY = service.project.secretKey;
    process.env.CREDPORT_BASE_URL = service.baseUrl;
    process.env.CREDPORT_WEBHOOK_SECRET = service.project.webhookSecret;
    process.env.CREDPORT_PROJECT_ID = service.project.projectId;
  });
  afterAll(async () => {
    // Restored in place: Vitest's stubEnv keeps the process.env object it started with.
    for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
    Object.assign(process.env, env);
    rmSync(scratch, { recursive: true, force: true });
    await service?.close();
  });
  return {
    /** The first ts block after `heading`, as an ES module. */
    async importExample(heading) {
      const section = readme.slice(readme.indexOf(heading));
      const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
      if (!code) throw new Error(`no ts block under ${heading}`);
      const js = ts.transpileModule(code, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const file = join(scratch, `${heading.replace(/\W+/g, "-")}.mjs`);
      writeFileSync(file, js);
      return import(pathToFileURL(file).href);
    },
    service() {
      if (!service) throw new Error("the README service starts in beforeAll");
      return service;
    },
  };
}
