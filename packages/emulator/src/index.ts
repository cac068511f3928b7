export { type Emulator, type EmulatorOptions, startEmulator } from "./emulator.js";
export type { ServedRequest } from "./http/node-transport.js";
export type { AllowedHosts } from "./http/request-guard.js";
export { DataFileError, type DataFileErrorCode } from "./persistence/data-file-error.js";
