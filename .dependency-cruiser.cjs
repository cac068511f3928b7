// The import graph of the workspace's packages (`pnpm check:imports`, part of `pnpm test`).
// dependency-cruiser reads `packages/*/src` (and the packages' tests, for the cross-package
// rules) the way the tests do: workspace packages through their `@credport/source` export
// condition, so `@credport/core/contract` resolves to core's `src` and nothing needs a build.

/** Which @credport packages each package's `src` may import (itself is always allowed). */
const LAYERS = {
  core: [],
  server: ["core"],
  browser: ["core"],
  session: ["core", "server"],
  next: ["core", "server", "session"],
  react: ["core", "browser"],
  mock: ["core"],
  emulator: ["core", "mock"],
  // The testing kit drives the emulator and the test wallet from a user's end-to-end tests.
  testing: ["core", "mock", "emulator"],
};

/** The mock's source folder, for the rules on its formats, channels and wallet. */
const MOCK = "packages/mock/src/";

const PRODUCT = ["core", "server", "browser", "session", "next", "react"];
// The emulator sits on the mock, beside the product: no package's source imports it, and no
// package's tests either (the service tests in test/service run the mock over msw and over the
// emulator; they sit beside both).
const ON_EMULATOR = Object.keys(LAYERS).filter((name) => name !== "emulator" && name !== "testing");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A circle between files of a package: move what both sides share into its own file, or pass a function in.",
      from: { path: "^packages/[^/]+/src/" },
      to: { circular: true },
    },
    {
      name: "no-circular-folders",
      severity: "error",
      comment:
        "A circle between folders of a package (a folder counts with its subfolders): one folder must sit below the other.",
      scope: "folder",
      from: { path: "^packages/[^/]+/src/" },
      to: { circular: true },
    },
    {
      name: "no-package-internals",
      severity: "error",
      comment:
        "Another package's source is imported by a relative path: import it by name or by one of its declared subpath exports (`@credport/core/contract`). Tests may share another package's `test/support/` helpers (hostile servers, a Redis server), never its `src`.",
      from: { path: "^packages/([^/]+)/" },
      to: { path: "^packages/(?!$1/)[^/]+/(?!test/support/)", dependencyTypes: ["local"] },
    },
    {
      name: "no-internals-from-workspace-tests",
      severity: "error",
      comment:
        "A workspace test package (test/*) imports a package's source by a relative path: import it by name or a declared subpath export, as users do. Packages' `test/support/` helpers may be shared.",
      from: { path: "^test/" },
      to: { path: "^packages/[^/]+/(?!test/support/)", dependencyTypes: ["local"] },
    },
    {
      name: "no-emulator-in-tests-below-it",
      severity: "error",
      comment:
        "The tests of a package the emulator builds on import @credport/emulator: a dependency cycle between the two packages. Put such a test in test/service.",
      from: { path: `^packages/(?:${LAYERS.emulator.join("|")})/test/` },
      to: { path: "^(?:packages|@credport)/emulator(?:/|$)" },
    },
    {
      name: "no-test-code-in-src",
      severity: "error",
      comment: "A package's source must not import test code (its own or another package's).",
      from: { path: "^packages/[^/]+/src/" },
      to: { path: "^packages/[^/]+/test/" },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment:
        "An import that does not resolve: a typo, or a subpath the package does not export (`@credport/core/src/…`).",
      from: { path: "^packages/[^/]+/src/" },
      to: { couldNotResolve: true },
    },
    ...Object.entries(LAYERS).map(([name, allowed]) => ({
      name: `layer-${name}`,
      severity: "error",
      comment: `${name} may import ${allowed.length ? allowed.join(", ") : "no other @credport package"}.`,
      from: {
        path: `^packages/${name}/src/`,
        // The `./testing` entry is test support for the package's users (an optional peer on
        // `@credport/mock`); the `product-not-on-testing` rule keeps the product away from it.
        ...(name === "react" ? { pathNot: "^packages/react/src/testing\\.ts$" } : {}),
      },
      // By path when the import resolves, by name when it does not (an undeclared dependency).
      to: { path: `^(?:packages|@credport)/(?!(?:${[name, ...allowed].join("|")})(?:/|$))` },
    })),
    // The mock's credential formats and presentation channels (docs/architecture.md): a format
    // knows no channel, a channel no format; they meet in one value, the PresentationBinding.
    {
      name: "mock-format-knows-no-channel",
      severity: "error",
      comment:
        "A credential format imports a presentation channel: what a presentation is bound to reaches the format as a PresentationBinding (formats/presentation-binding.ts), never from the channel itself.",
      from: { path: `^${MOCK}formats/` },
      to: { path: `^${MOCK}channels/` },
    },
    {
      name: "mock-channel-knows-no-format",
      severity: "error",
      comment:
        "A presentation channel imports a credential format: it asks the verifier (ChannelVerifier in channels/presentation-channel.ts) for the query and the verdict, and hands over a PresentationBinding. Annex C (org-iso-mdoc) carries mdocs only: it reads its envelope through formats/mso-mdoc/annex-c.ts alone.",
      from: { path: `^${MOCK}channels/` },
      to: { path: `^${MOCK}formats/(?!presentation-binding\\.ts$|mso-mdoc/annex-c\\.ts$)` },
    },
    {
      name: "mock-formats-apart",
      severity: "error",
      comment: "One credential format imports another: share through formats/*.ts beside them.",
      from: { path: `^${MOCK}formats/([^/]+)/` },
      to: { path: `^${MOCK}formats/(?!$1/)[^/]+/` },
    },
    {
      name: "mock-channels-apart",
      severity: "error",
      comment: "One presentation channel imports another: share through channels/*.ts beside them.",
      from: { path: `^${MOCK}channels/([^/]+)/` },
      to: { path: `^${MOCK}channels/(?!$1/)[^/]+/` },
    },
    {
      name: "mock-protocol-through-interfaces",
      severity: "error",
      comment:
        "The issuer or the verifier reaches into a format's or a channel's folder: use CredentialFormat (formats/credential-format.ts) and PresentationChannel (channels/presentation-channel.ts), found through formats/formats.ts and channels/channels.ts.",
      from: { path: `^${MOCK}protocol/` },
      to: { path: `^${MOCK}(?:formats|channels)/[^/]+/` },
    },
    {
      name: "mock-model-below-protocol",
      severity: "error",
      comment:
        "The model imports the protocol, a format, a channel, the HTTP layer or the wallet: the model holds records and state, everything else sits on it.",
      from: { path: `^${MOCK}model/` },
      to: { path: `^${MOCK}(?:protocol|formats|channels|http|wallet)/` },
    },
    {
      name: "test-wallet-independent",
      severity: "error",
      comment:
        "The test wallet imports the mock's own code: it is the mock's counterparty in tests and speaks only the public protocol, with its own constants and format code (a bug on one side must not hide the same bug on the other). Generic X.509 checks (x509/) are shared like a library.",
      from: { path: `^${MOCK}wallet/` },
      to: { path: `^${MOCK}(?!wallet/|x509/)` },
    },
    {
      name: "test-wallet-format-knows-no-channel",
      severity: "error",
      comment:
        "A wallet format imports a wallet channel: the binding reaches it as a WalletBinding (wallet/formats/presentation-binding.ts).",
      from: { path: `^${MOCK}wallet/formats/` },
      to: { path: `^${MOCK}wallet/channels/` },
    },
    {
      name: "test-wallet-channel-knows-no-format",
      severity: "error",
      comment:
        "A wallet channel imports a wallet format: it reads requests into a DCQL query and a WalletBinding; the composition (test-wallet.ts) picks the format. Annex C (org-iso-mdoc) carries mdocs only: its request and seal are in wallet/formats/mso-mdoc/annex-c-*.ts.",
      from: { path: `^${MOCK}wallet/channels/` },
      to: {
        path: `^${MOCK}wallet/formats/(?!(?:dcql|presentation-binding)\\.ts$|mso-mdoc/annex-c-[a-z]+\\.ts$)`,
      },
    },
    {
      name: "nothing-on-emulator",
      severity: "error",
      comment:
        "@credport/emulator is a tool on top of the mock: no package's source may import it (the mock's old bin finds it at run time).",
      from: { path: `^packages/(?:${ON_EMULATOR.join("|")})/src/` },
      to: { path: "^(?:packages|@credport)/emulator(?:/|$)" },
    },
    {
      name: "testing-entry-beside-product",
      severity: "error",
      comment:
        "react's `./testing` entry may use the mock and react's own files, nothing else of the workspace.",
      from: { path: "^packages/react/src/testing\\.ts$" },
      to: { path: "^(?:packages|@credport)/(?!(?:react|core|browser|mock)(?:/|$))" },
    },
    {
      name: "nothing-on-testing-kit",
      severity: "error",
      comment:
        "@credport/testing is a test tool beside the product, on top of the mock and the emulator: no other package's source may import it.",
      from: { path: "^packages/(?!testing/)[^/]+/src/" },
      to: { path: "^(?:packages|@credport)/testing(?:/|$)" },
    },
    {
      name: "product-not-on-testing",
      severity: "error",
      comment: "A product file must not reach the mock through a `./testing` entry.",
      from: { path: `^packages/(?:${PRODUCT.join("|")})/src/`, pathNot: "/src/testing\\.ts$" },
      to: { path: "^packages/[^/]+/src/testing\\.ts$" },
    },
  ],
  options: {
    // Third-party modules are leaves; unresolvable imports stay in the graph (`no-unresolvable`).
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(?:^|/)dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["@credport/source", "import", "types", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
