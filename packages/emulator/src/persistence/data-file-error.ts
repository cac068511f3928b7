/** Why the emulator refused its data file. The file is left as it was in every case. */
export type DataFileErrorCode =
  | "data_file_unreadable"
  | "data_file_corrupt"
  | "data_file_newer_version"
  | "data_file_over_limit"
  | "data_file_not_writable";

/** The emulator's `dataFile` cannot be used; the message says which file, why, and what to do. */
export class DataFileError extends Error {
  constructor(
    readonly code: DataFileErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = "DataFileError";
  }
}
