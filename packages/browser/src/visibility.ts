/** Whether the tab is hidden, and when that changes. Replaced by a fake in tests. */
export interface Visibility {
  isHidden(): boolean;
  onChange(listener: () => void): () => void;
}

/** The page's visibility, read lazily so that importing this module touches no `document`. */
export const documentVisibility: Visibility = {
  isHidden: () => typeof document !== "undefined" && document.visibilityState === "hidden",
  onChange(listener) {
    if (typeof document === "undefined") return () => {};
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
};
