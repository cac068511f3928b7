import { defineConfig } from "vite";

// Three pages: server.js fills in the values marked {{…}} at each request, so one build runs
// against any Credport project.
export default defineConfig({
  esbuild: { jsx: "automatic" },
  build: {
    rollupOptions: { input: ["index.html", "verify.html", "members.html"] },
  },
});
