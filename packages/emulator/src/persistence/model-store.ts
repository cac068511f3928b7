import type { Model } from "@credport/mock";
import { readDataFile, writeDataFile } from "./data-file.js";
import { DataFileError } from "./data-file-error.js";
import { overLimit, restoreModel, saveModel } from "./model-state.js";
import { DATA_FILE_FORMAT, DATA_FILE_VERSION } from "./saved-state.js";

/** Pause after a change before the file is written: a burst of changes is one write. */
const WRITE_DELAY_MS = 150;

export interface ModelStore {
  /** The project the emulator printed last time, if the file named one. */
  readonly emulatorProjectId: string | null;
  setEmulatorProjectId(projectId: string): void;
  /** Writes now and resolves once the file holds the current state. */
  flush(): Promise<void>;
  /** Stops watching the model after a last write. */
  close(): Promise<void>;
}

/**
 * Keeps a model in a data file: loads the file into the model (a refused file throws before
 * anything is written), then writes the whole state after every change, one write at a time.
 * A failed background write is reported to `onError` and tried again at the next change.
 */
export async function openModelStore(
  path: string,
  model: Model,
  onError: (error: unknown) => void,
): Promise<ModelStore> {
  const saved = await readDataFile(path);
  if (saved) {
    const over = overLimit(saved.model, model.limits);
    if (over) {
      throw new DataFileError(
        "data_file_over_limit",
        path,
        `@credport/emulator: the data file ${path} holds ${over.count} ${over.what}; this model keeps at most ${over.max} (limits.${over.limit}). It was left untouched; pass a model with a higher limit (createModel({ limits })), or another path.`,
      );
    }
    restoreModel(model, saved.model);
  }
  let emulatorProjectId = saved?.emulatorProjectId ?? null;
  let writing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    writing = writing
      .catch(() => {})
      .then(async () =>
        writeDataFile(path, {
          format: DATA_FILE_FORMAT,
          version: DATA_FILE_VERSION,
          savedAt: new Date().toISOString(),
          emulatorProjectId,
          model: await saveModel(model),
        }),
      );
    return writing;
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => write().catch(onError), WRITE_DELAY_MS);
    timer.unref?.();
  };
  const unsubscribe = model.changes.subscribe(schedule);

  return {
    get emulatorProjectId() {
      return emulatorProjectId;
    },
    setEmulatorProjectId(projectId) {
      emulatorProjectId = projectId;
      schedule();
    },
    flush: () => write(),
    async close() {
      closed = true;
      unsubscribe();
      await write();
    },
  };
}
