import { defineProject } from "vitest/config";
import { isolatedProject } from "../../vitest.shared.js";
import session, { ownModuleGraph } from "./vitest.config.js";

export default defineProject(isolatedProject(session, ownModuleGraph));
