// docs/openapi.json from the wire contract (`@credport/core/contract`, built). `--check` fails when
// the committed document is stale; both validate it with an OpenAPI 3.1 validator.
import { readFileSync, writeFileSync } from "node:fs";
import { validate } from "@readme/openapi-parser";

const root = new URL("..", import.meta.url).pathname;
const file = `${root}docs/openapi.json`;
const { createOpenApiDocument } = await import(`${root}packages/core/dist/contract.js`);
const text = `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`;

// The validator dereferences in place: give it a copy.
const result = await validate(JSON.parse(text));
if (!result.valid) {
  console.error(
    `The generated OpenAPI document is invalid:\n${JSON.stringify(result.errors, null, 2)}`,
  );
  process.exit(1);
}
for (const warning of result.warnings ?? []) console.warn(`warning: ${JSON.stringify(warning)}`);

if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(file, "utf8");
  } catch {}
  if (committed !== text) {
    console.error("docs/openapi.json is not what the contract generates: run `pnpm openapi`.");
    process.exit(1);
  }
  console.log("ok    docs/openapi.json is current and valid OpenAPI 3.1");
} else {
  writeFileSync(file, text);
  console.log("wrote docs/openapi.json (valid OpenAPI 3.1)");
}
