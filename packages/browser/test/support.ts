import { createHandlers, createModel, type Model, type ProjectKeys } from "@credport/mock";
import { setupServer } from "msw/node";

export const BASE_URL = "https://api.credport.test";

/** The mock service through msw, and a fetch that records what the browser client sends. */
export function mockService() {
  const model: Model = createModel();
  const server = setupServer(...createHandlers(model, { baseUrl: BASE_URL }));
  const project: ProjectKeys = model.createProject();
  const requests: { url: string; headers: Headers }[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    requests.push({ url: request.url, headers: request.headers });
    return fetch(request);
  };
  const auth = () => model.keys.authenticateSecret(project.secretKey);
  const createVerification = () => {
    const v = model.verifications.create(auth(), { policy_id: "preset_age_over_18" });
    return { verificationId: v.id, clientToken: v.clientToken, expiresAt: v.expiresAt };
  };
  return { model, server, project, requests, fetch: recordingFetch, createVerification };
}

export const waitFor = async (check: () => boolean, timeoutMs = 3000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("waitFor: condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

export class FakeVisibility {
  hidden = false;
  private listeners = new Set<() => void>();
  isHidden = () => this.hidden;
  onChange = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(hidden: boolean) {
    this.hidden = hidden;
    for (const listener of this.listeners) listener();
  }
}
