import { HttpResponse, http } from "msw";
import { DROP_CONNECTION } from "./http/router.js";
import type { Model } from "./model/model.js";
import { createRouter } from "./router.js";

/** Where the msw handlers answer unless told otherwise. */
export const DEFAULT_MOCK_BASE_URL = "https://api.credport.test";

/**
 * msw request handlers serving the whole Credport API (and the control plane) from `model`, for
 * `setupServer(...createHandlers(model))` in tests or `setupWorker` in a browser.
 */
export function createHandlers(model: Model, options: { baseUrl?: string } = {}) {
  const baseUrl = (options.baseUrl ?? DEFAULT_MOCK_BASE_URL).replace(/\/$/, "");
  const router = createRouter(model);
  // A pattern without capture groups: msw would percent-decode captured parameters itself and
  // fail on a malformed path (`%ZZ`) before the router could answer it.
  const underBase = new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/`);
  return [
    http.all(underBase, async ({ request }) => {
      const result = await router.handle(request, baseUrl);
      return result === DROP_CONNECTION ? HttpResponse.error() : result;
    }),
  ];
}
