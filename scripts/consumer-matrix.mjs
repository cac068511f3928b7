// Installs the packed tarballs (not workspace links) into a scratch project, as users get them, and
// checks each way they are consumed: Node ESM, Node CJS, the Edge Runtime, TypeScript (node16 and bundler), an
// esbuild browser bundle of @credport/browser + @credport/react with no key-handling code in it, and
// `next build` of an App Router app with Next.js 15 and 16.
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

  // Next.js 15 and 16: `next build` of a small App Router app on the tarballs.
  for (const version of ["15.5.29", "16.4.6"]) {
    const nextApp = join(scratch, `next-${version}`);
    const credportDeps = Object.fromEntries(
      ["core", "server", "browser", "react", "next"].map((name) => [
        `@credport/${name}`,
        tarball(name),
      ]),
    );
    cpSync(join(root, "scripts/consumers/next-app"), nextApp, { recursive: true });
    writeFileSync(
      join(nextApp, "package.json"),
      JSON.stringify({
        name: "consumer-next",
        private: true,
        dependencies: {
          next: version,
          react: "19.3.1",
          "react-dom": "19.3.1",
          "@types/react": "19.3.0",
          "@types/node": "20.19.43",
          typescript: "5.9.3",
          ...credportDeps,
        },
        pnpm: { onlyBuiltDependencies: [], overrides: credportDeps },
      }),
    );
    run(
      "pnpm",
      ["install", "--prefer-offline", "--ignore-workspace", "--config.confirmModulesPurge=false"],
      nextApp,
    );
    execFileSync(join(nextApp, "node_modules/.bin/next"), ["build"], {
      cwd: nextApp,
      stdio: "pipe",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    console.log(`next.js ${version} build: ok`);
  }
  console.log("consumer matrix: ok");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
