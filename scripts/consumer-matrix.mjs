// Installs the packed tarballs (not workspace links) into a scratch project, as users get them, and
// checks each way they are consumed: Node ESM, Node CJS, the Edge Runtime, TypeScript (node16 and bundler), an
// esbuild browser bundle of @credport/browser + @credport/react with no key-handling code in it,
// `next build` of an App Router app with Next.js 15, and with Next.js 16 as create-next-app@16
// configures it (`cacheComponents`) with the packages in `serverExternalPackages` — each app then
// served by `next start` and asked for a page, a route handler and a protected path — and the
// server entry of @credport/next under plain Node, with and without `--conditions=react-server` —
// and the adapters of @credport/session: small Express 4, Express 5 and Fastify 5 apps through
// `import` and `require`, and a Hono app (ESM), each served on a free port and asked for a
// protected path and a route of the handler, plus their types (node16 and bundler).
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "credport-consumers-"));
const run = (command, args, cwd = scratch) =>
  execFileSync(command, args, { cwd, stdio: "pipe", encoding: "utf8" });

/** A free TCP port on loopback. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * `next start`s a built app with the variables @credport/next needs and asks it for a page that
 * reads the session, a route handler (a status read without the browser binding: 403) and a
 * protected path (a redirect to the sign-in page). Stops it by the PID it was started with.
 */
async function serveAndAsk(dir) {
  const port = await freePort();
  const server = spawn(
    join(dir, "node_modules/.bin/next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        CREDPORT_SECRET_KEY: `sk_test_${"s".repeat(24)}`,
        CREDPORT_PUBLISHABLE_KEY: `pk_test_${"p".repeat(24)}`,
        CREDPORT_BASE_URL: "https://api.example.test",
        CREDPORT_SESSION_SECRET: "c".repeat(32),
      },
    },
  );
  let output = "";
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in 60 s:\n${output}`)), 60_000);
      const onData = (chunk) => {
        output += chunk;
        if (/Ready in/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout.on("data", onData);
      server.stderr.on("data", onData);
      exited.then(() => reject(new Error(`exited before it was ready:\n${output}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const page = await fetch(`${base}/`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes("anonymous"))
      throw new Error(`GET / answered ${page.status}:\n${html.slice(0, 500)}\n${output}`);
    const status = await fetch(`${base}/api/credport/verifications/ver_1/status`);
    const body = await status.json().catch(() => null);
    if (status.status !== 403 || body?.code !== "VERIFICATION_BINDING_REQUIRED")
      throw new Error(
        `the status route answered ${status.status} ${JSON.stringify(body)}\n${output}`,
      );
    const wall = await fetch(`${base}/members`, { redirect: "manual" });
    const location = wall.headers.get("location") ?? "";
    if (wall.status !== 307 || !location.endsWith("/verify?redirect_url=%2Fmembers"))
      throw new Error(`GET /members answered ${wall.status} ${location}\n${output}`);
    if (/⚠|warn|error/i.test(output)) throw new Error(`next start printed problems:\n${output}`);
  } finally {
    server.kill("SIGTERM");
    await exited;
  }
}

try {
  // `pnpm check:consumers` packs once for this matrix and the fresh apps (CREDPORT_TARBALLS).
  const tarballs = process.env.CREDPORT_TARBALLS || join(scratch, "tarballs");
  if (!process.env.CREDPORT_TARBALLS) {
    mkdirSync(tarballs);
    run("pnpm", ["-r", "--filter", "./packages/*", "pack", "--pack-destination", tarballs], root);
  }
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
        "@credport/session": tarball("session"),
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
          ["core", "server", "session", "browser", "react"].map((name) => [
            `@credport/${name}`,
            tarball(name),
          ]),
        ),
      },
    }),
  );
  cpSync(join(root, "scripts/consumers"), app, {
    recursive: true,
    filter: (path) => !/[/\\](next-[^/\\]*|servers)$/.test(path),
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

  // Next.js: `next build` of a small App Router app on the tarballs, two ways, from one install:
  // Next.js 15, and Next.js 16 with create-next-app@16's default config (`cacheComponents` on) and
  // the packages in `serverExternalPackages` (loaded by Node's own resolver, not bundled). Next.js
  // 16 with the packages bundled, as create-next-app@16 makes the app, is built from the README in
  // examples/fresh-apps. Then the server entry of @credport/next under plain Node, as a server
  // bundler or test runner loads it: `node --conditions=react-server`.
  const nextApps = [
    // Next.js 15 runs middleware.ts in the Edge Runtime, whose resolver also matches `browser`.
    { name: "next-15", next: "15.5.29", config: {}, overlay: "next-15", remove: ["proxy.ts"] },
    {
      name: "next-16-server-external",
      next: "16.4.6",
      config: {
        cacheComponents: true,
        partialPrefetching: true,
        experimental: { agentFeedback: true },
        serverExternalPackages: [
          "@credport/next",
          "@credport/session",
          "@credport/server",
          "@credport/core",
        ],
      },
    },
  ];
  const credportDeps = Object.fromEntries(
    ["core", "server", "session", "browser", "react", "next"].map((name) => [
      `@credport/${name}`,
      tarball(name),
    ]),
  );
  // The adapters' apps share the Next apps' install (one `pnpm install` for both): the frameworks
  // at the versions of packages/session's tests, Express 4 in an app of its own.
  const serverApps = [
    {
      name: "server-express-4",
      dependencies: { express: "4.22.3" },
      scripts: ["express.mjs", "express.cjs"],
    },
    {
      name: "server-frameworks",
      dependencies: {
        express: "5.3.0",
        "@types/express": "5.0.6",
        fastify: "5.12.8",
        hono: "4.13.19",
        "@hono/node-server": "2.1.9",
        "@types/node": "20.19.43",
        typescript: "5.9.3",
      },
      scripts: ["express.mjs", "express.cjs", "fastify.mjs", "fastify.cjs", "hono.mjs"],
      types: true,
    },
  ];
  const nextRoot = join(scratch, "next-apps");
  for (const { name, dependencies } of serverApps) {
    const dir = join(nextRoot, name);
    cpSync(join(root, "scripts/consumers/servers"), dir, { recursive: true });
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name, private: true, dependencies: { ...dependencies, ...credportDeps } }),
    );
  }
  for (const { name, next, config, overlay, remove = [] } of nextApps) {
    const dir = join(nextRoot, name);
    cpSync(join(root, "scripts/consumers/next-app"), dir, { recursive: true });
    if (overlay) cpSync(join(root, "scripts/consumers", overlay), dir, { recursive: true });
    for (const file of remove) rmSync(join(dir, file));
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
    JSON.stringify({
      private: true,
      pnpm: {
        onlyBuiltDependencies: [],
        // As in this repository (pnpm-workspace.yaml): light-my-request 6.8.1 pulls cookie 2 (Node ≥ 22).
        overrides: { ...credportDeps, "fastify>light-my-request": "6.6.0" },
      },
    }),
  );
  writeFileSync(
    join(nextRoot, "pnpm-workspace.yaml"),
    `packages:\n${[...nextApps, ...serverApps].map((a) => `  - ${a.name}\n`).join("")}`,
  );
  run("pnpm", ["install", "--prefer-offline", "--config.confirmModulesPurge=false"], nextRoot);
  const failures = [];
  for (const { name, scripts, types } of serverApps) {
    const dir = join(nextRoot, name);
    for (const script of scripts) {
      try {
        console.log(run(process.execPath, [script], dir).trim());
      } catch (error) {
        failures.push(
          `${name} ${script} failed:\n${error.stdout ?? ""}${error.stderr ?? error.message}`,
        );
      }
    }
    if (!types) continue;
    for (const [module, resolution] of [
      ["node16", "node16"],
      ["esnext", "bundler"],
    ]) {
      try {
        run(
          join(dir, "node_modules/.bin/tsc"),
          [
            "--noEmit",
            "--strict",
            "--skipLibCheck",
            "false",
            "--module",
            module,
            "--moduleResolution",
            resolution,
            "--target",
            "es2022",
            "--types",
            "node",
            "--esModuleInterop",
            "types.ts",
          ],
          dir,
        );
        console.log(`${name} typescript (${resolution}): ok`);
      } catch (error) {
        failures.push(
          `${name} typescript (${resolution}) failed:\n${error.stdout ?? ""}${error.stderr ?? ""}`,
        );
      }
    }
  }
  for (const { name } of nextApps) {
    const dir = join(nextRoot, name);
    try {
      const output = execFileSync(join(dir, "node_modules/.bin/next"), ["build"], {
        cwd: dir,
        encoding: "utf8",
        stdio: "pipe",
        env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      });
      // Under CI, Next warns that `.next/cache` is missing: about the machine, not the packages.
      const ours = output
        .split("\n")
        .filter((line) => !line.includes("No build cache found"))
        .join("\n");
      if (/⚠|warn/i.test(ours)) throw new Error(`warnings:\n${output}`);
      console.log(`${name} build: ok`);
    } catch (error) {
      failures.push(`${name} build failed:\n${error.stdout ?? ""}${error.stderr ?? error.message}`);
      continue;
    }
    try {
      await serveAndAsk(dir);
      console.log(`${name} start: page, route handler and protected path answer`);
    } catch (error) {
      failures.push(`${name} start failed:\n${error.message}`);
    }
  }
  for (const conditions of [[], ["--conditions=react-server"]]) {
    const how = ["node", ...conditions].join(" ");
    for (const [kind, args] of [
      [
        "import",
        [
          "--input-type=module",
          "-e",
          'const m = await import("@credport/next"); if (typeof m.getVerifiedSession !== "function") process.exit(1);',
        ],
      ],
      [
        "require",
        [
          "-e",
          'if (typeof require("@credport/next").createCredportHandlers !== "function") process.exit(1);',
        ],
      ],
    ]) {
      try {
        run(process.execPath, [...conditions, ...args], join(nextRoot, "next-16-server-external"));
        console.log(`${how} ${kind} @credport/next: ok`);
      } catch (error) {
        failures.push(`${how} ${kind} @credport/next failed:\n${error.stderr}`);
      }
    }
  }
  if (failures.length > 0) throw new Error(failures.join("\n\n"));
  console.log("consumer matrix: ok");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
