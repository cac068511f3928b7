import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "example-node-issuer", include: ["test/**/*.test.ts"], environment: "node" },
});
