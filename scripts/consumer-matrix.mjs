// Installs the packed tarballs (not workspace links) into a scratch project, as users get them, and
// checks each way they are consumed: Node ESM, Node CJS, the Edge Runtime, TypeScript (node16 and bundler), an
// esbuild browser bundle of @credport/browser + @credport/react with no key-handling code in it,
// `next build` of an App Router app with Next.js 15, with Next.js 16 as create-next-app@16
// configures it (`cacheComponents`), and with the packages in `serverExternalPackages`, and the
// server entry of @credport/next under plain Node (`--conditions=react-server`).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "credport-consumers-"));
const run = (command, args, cwd = scratch) =>
  execFileSync(command, args, { cwd, stdio: "pipe", encoding: "utf8" });

try {
  const tarballs = join(scratch, "tarballs");
  mkdirSync(tarballs);
  run("pnpm", ["-r", "--filter", "./packages/*", "pack", "--pack-destination", tarballs], root);
  const tarball = (name) =>
    `file:${join(
      tarballs,
      readdirSync(tarballs).find((f) => f.startsWith(`credport-${name}-`)),
    )}`;
  const app = join(scratch, "app");
  mkdirSync(app);
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({
      name: "consumer",
      private: true,
      dependencies: {
        "@credport/core": tarball("core"),
        "@credport/server": tarball("server"),
        "@credport/browser": tarball("browser"),
        "@credport/react": tarball("react"),
        react: "19.3.1",
        "react-dom": "19.3.1",
        "@types/react": "19.3.0",
        typescript: "5.9.3",
        esbuild: "0.27.7",
        "@edge-runtime/vm": "5.0.0",
        "@types/node": "20.19.43",
      },
      pnpm: {
        onlyBuiltDependencies: ["esbuild"],
        // The packages depend on each other by version; point those at the tarballs too.
        overrides: Object.fromEntries(
          ["core", "server", "browser", "react"].map((name) => [
            `@credport/${name}`,
            tarball(name),
          ]),
        ),
      },
    }),
  );
  cpSync(join(root, "scripts/consumers"), app, {
    recursive: true,
    filter: (path) => !path.includes("next-app"),
  });
  run(
    "pnpm",
    ["install", "--prefer-offline", "--ignore-workspace", "--config.confirmModulesPurge=false"],
    app,
  );

  console.log(run(process.execPath, ["esm.mjs"], app).trim());
  console.log(run(process.execPath, ["cjs.cjs"], app).trim());
  console.log(run(process.execPath, ["edge.mjs"], app).trim());
  for (const [module, resolution] of [
    ["node16", "node16"],
    ["esnext", "bundler"],
  ]) {
    run(
      join(app, "node_modules/.bin/tsc"),
      [
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "false",
        "--jsx",
        "react-jsx",
        "--module",
        module,
        "--moduleResolution",
        resolution,
        "--target",
        "es2022",
        "--types",
        "node",
        "types.ts",
      ],
      app,
    );
    console.log(`typescript (${resolution}): ok`);
  }
  const out = run(
    join(app, "node_modules/.bin/esbuild"),
    [
      "browser-entry.ts",
      "--bundle",
      "--minify",
      "--format=esm",
      "--platform=browser",
      "--external:react",
      "--external:react/jsx-runtime",
      "--outfile=bundle.js",
      "--log-level=error",
    ],
    app,
  );
  const bundle = execFileSync("cat", [join(app, "bundle.js")], { encoding: "utf8" });
  for (const forbidden of [
    "x-service-key",
    "sk_live_",
    "iron-session",
    "node:crypto",
    "process.env",
  ]) {
    if (bundle.includes(forbidden)) throw new Error(`browser bundle contains ${forbidden}`);
  }
  console.log(
    `esbuild browser bundle (browser + react): ${bundle.length} bytes minified, no server code${out}`,
  );

  // Next.js: `next build` of a small App Router app on the tarballs, three ways, from one install:
  // Next.js 16 with create-next-app@16's default config (`cacheComponents` on), Next.js 15
  // without it, and Next.js 16 with the packages in `serverExternalPackages` (loaded by Node's own
  // resolver, not bundled). Then the server entry of @credport/next under plain Node, as a server
  // bundler or test runner loads it: `node --conditions=react-server`.
  const createNextApp16 = {
    cacheComponents: true,
    partialPrefetching: true,
    experimental: { agentFeedback: true },
  };
  const nextApps = [
    { name: "next-16", next: "16.4.6", config: createNextApp16 },
    { name: "next-15", next: "15.5.29", config: {} },
    {
      name: "next-16-server-external",
      next: "16.4.6",
      config: {
        ...createNextApp16,
        serverExternalPackages: ["@credport/next", "@credport/server", "@credport/core"],
        // This build is about how Node loads the packages; the next-16 build checks the types.
        typescript: { ignoreBuildErrors: true },
      },
    },
  ];
  const credportDeps = Object.fromEntries(
    ["core", "server", "browser", "react", "next"].map((name) => [
      `@credport/${name}`,
      tarball(name),
    ]),
  );
  const nextRoot = join(scratch, "next-apps");
  for (const { name, next, config } of nextApps) {
    const dir = join(nextRoot, name);
    cpSync(join(root, "scripts/consumers/next-app"), dir, { recursive: true });
    writeFileSync(
      join(dir, "next.config.mjs"),
      `export default ${JSON.stringify(config, null, 2)};\n`,
    );
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name,
        private: true,
        dependencies: {
          next,
          react: "19.3.1",
          "react-dom": "19.3.1",
          "@types/react": "19.3.0",
          "@types/node": "20.19.43",
          typescript: "5.9.3",
          ...credportDeps,
        },
      }),
    );
  }
  writeFileSync(
    join(nextRoot, "package.json"),
    JSON.stringify({ private: true, pnpm: { onlyBuiltDependencies: [], overrides: credportDeps } }),
  );
  writeFileSync(
    join(nextRoot, "pnpm-workspace.yaml"),
    `packages:\n${nextApps.map((a) => `  - ${a.name}\n`).join("")}`,
  );
  run("pnpm", ["install", "--prefer-offline", "--config.confirmModulesPurge=false"], nextRoot);
  const failures = [];
  for (const { name } of nextApps) {
    const dir = join(nextRoot, name);
    try {
      const output = execFileSync(join(dir, "node_modules/.bin/next"), ["build"], {
        cwd: dir,
        encoding: "utf8",
        stdio: "pipe",
        env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      });
      if (/⚠|warn/i.test(output)) throw new Error(`warnings:\n${output}`);
      console.log(`${name} build: ok`);
    } catch (error) {
      failures.push(`${name} build failed:\n${error.stdout ?? ""}${error.stderr ?? error.message}`);
    }
  }
  try {
    run(
      process.execPath,
      [
        "--conditions=react-server",
        "--input-type=module",
        "-e",
        'const m = await import("@credport/next"); if (typeof m.getVerifiedSession !== "function") process.exit(1);',
      ],
      join(nextRoot, "next-16"),
    );
    console.log("node --conditions=react-server import @credport/next: ok");
  } catch (error) {
    failures.push(`node --conditions=react-server import @credport/next failed:\n${error.stderr}`);
  }
  if (failures.length > 0) throw new Error(failures.join("\n\n"));
  console.log("consumer matrix: ok");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
