/**
 * The pages' one script, served at {@link SCRIPT_PATH}: live refresh of the `#live` region over
 * Server-Sent Events, copy buttons, and forms sent without a page load. The pages work without it,
 * minus the live refresh.
 */
export const CLIENT_SCRIPT = `(() => {
  const base = document.body.dataset.base || "";
  const live = document.getElementById("live");
  const indicator = document.querySelector(".live");

  function toast(text) {
    const node = document.createElement("div");
    node.className = "toast";
    node.setAttribute("role", "status");
    node.textContent = text;
    document.body.append(node);
    setTimeout(() => node.remove(), 2200);
  }

  let refreshing = false;
  let again = false;
  async function refresh() {
    if (!live) return;
    if (refreshing) { again = true; return; }
    refreshing = true;
    try {
      const response = await fetch(location.href, { headers: { "x-credport-partial": "1" } });
      if (response.ok) {
        const open = new Set([...live.querySelectorAll("details[open][data-key]")].map((d) => d.dataset.key));
        live.innerHTML = await response.text();
        for (const details of live.querySelectorAll("details[data-key]"))
          if (open.has(details.dataset.key)) details.open = true;
      }
    } finally {
      refreshing = false;
      if (again) { again = false; refresh(); }
    }
  }

  if (live && "EventSource" in window) {
    const source = new EventSource(base + "/__dashboard/live");
    source.addEventListener("open", () => indicator && (indicator.dataset.state = "on"));
    source.addEventListener("error", () => indicator && (indicator.dataset.state = "off"));
    source.addEventListener("change", refresh);
  }

  document.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-copy]");
    if (!button) return;
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      toast("Copied to the clipboard");
    } catch {
      toast("Copy failed: select the text instead");
    }
  });

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches("form[data-enhance]")) return;
    event.preventDefault();
    if (form.dataset.confirm && !confirm(form.dataset.confirm)) return;
    const response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form, event.submitter)),
      headers: { "x-credport-fetch": "1" },
    });
    const answer = await response.json().catch(() => ({ notice: "Done" }));
    toast(answer.notice || answer.error || (response.ok ? "Done" : "Failed"));
    refresh();
  });
})();
`;

export const SCRIPT_PATH = "/__dashboard/assets/app.js";
