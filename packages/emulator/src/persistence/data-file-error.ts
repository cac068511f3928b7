import { CredportConfigurationError } from "@credport/core";

/** Why the emulator refused its data file. The file is left as it was in every case. */
export type DataFileErrorCode =
  | "data_file_unreadable"
  | "data_file_corrupt"
  | "data_file_newer_version"
  | "data_file_over_limit"
  | "data_file_not_writable";

/**
 * The emulator's `dataFile` cannot be used; the message says which file, why, and what to do. A
 * {@link CredportConfigurationError} (`type` "configuration_error"), like every other problem of
 * the emulator's options.
 */
export class DataFileError extends CredportConfigurationError {
  declare readonly code: DataFileErrorCode;

  constructor(
    code: DataFileErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message, { code });
  }
}
