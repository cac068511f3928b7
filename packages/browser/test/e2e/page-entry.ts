// Bundled with esbuild from the BUILT package, as an app would ship it.
import { createStatusClient, createVerificationFlow } from "@credport/browser";

Object.assign(window, { credport: { createStatusClient, createVerificationFlow } });
