import { defineProject } from "vitest/config";
import { isolatedProject } from "../../vitest.shared.js";
import next, { ownModuleGraph } from "./vitest.config.js";

export default defineProject(isolatedProject(next, ownModuleGraph));
