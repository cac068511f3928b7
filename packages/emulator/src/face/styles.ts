/** The dashboard's and the wallet page's one stylesheet, served at {@link STYLESHEET_PATH}. */
export const STYLESHEET = `
:root {
  --bg: #f5f6f8; --surface: #fff; --border: #e2e5ea; --border-strong: #cfd4dc;
  --text: #161b26; --muted: #566074; --accent: #4338ca; --accent-hover: #3730a3;
  --accent-soft: #eef2ff; --focus: #6366f1;
  --ok-bg: #dcfce7; --ok: #14532d; --warn-bg: #fef3c7; --warn: #78350f;
  --bad-bg: #fee2e2; --bad: #7f1d1d; --info-bg: #dbeafe; --info: #1e3a8a;
  --idle-bg: #eceef2; --idle: #2f3747; --test-bg: #fff1e0; --test: #8a3b00;
  --radius: 10px; --shadow: 0 1px 2px rgba(16, 24, 40, .06), 0 1px 3px rgba(16, 24, 40, .08);
  --mono: ui-monospace, "SF Mono", "Cascadia Mono", "Segoe UI Mono", Menlo, Consolas, monospace;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
a { color: var(--accent); text-underline-offset: 2px; }
a:hover { color: var(--accent-hover); }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
code, .mono { font-family: var(--mono); font-size: 12.5px; }
h1, h2, h3 { margin: 0; line-height: 1.25; }
h1 { font-size: 22px; font-weight: 650; }
h2 { font-size: 16px; font-weight: 650; }
h3 { font-size: 14px; font-weight: 650; }
p { margin: 0; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 16px; top: 8px; z-index: 10; background: var(--surface); padding: 6px 10px; }

/* Top bar */
.topbar { background: #111827; color: #f3f4f6; }
.topbar-inner { max-width: 1240px; margin: 0 auto; padding: 0 24px; display: flex; align-items: center; gap: 20px; min-height: 56px; flex-wrap: wrap; }
.brand { display: flex; align-items: center; gap: 10px; color: #fff; text-decoration: none; font-weight: 650; font-size: 15px; }
.brand:hover { color: #fff; }
.brand-mark { width: 26px; height: 26px; border-radius: 7px; background: linear-gradient(135deg, #6366f1, #22d3ee); display: grid; place-items: center; font-size: 14px; color: #fff; }
.nav { display: flex; gap: 2px; flex-wrap: wrap; flex: 1; }
.nav a { color: #d1d5db; text-decoration: none; padding: 6px 10px; border-radius: 6px; font-weight: 500; }
.nav a:hover { background: #1f2937; color: #fff; }
.nav a[aria-current="page"] { background: #374151; color: #fff; }
.test-badge { background: var(--test-bg); color: var(--test); font-weight: 700; font-size: 11px; letter-spacing: .06em; padding: 3px 8px; border-radius: 999px; text-transform: uppercase; }
.live { display: inline-flex; align-items: center; gap: 6px; color: #d1d5db; font-size: 12.5px; }
.live-dot { width: 8px; height: 8px; border-radius: 50%; background: #9ca3af; }
.live[data-state="on"] .live-dot { background: #34d399; box-shadow: 0 0 0 3px rgba(52, 211, 153, .25); }

/* Page */
main { max-width: 1240px; margin: 0 auto; padding: 28px 24px 64px; }
.page-head { display: flex; align-items: flex-end; justify-content: space-between; gap: 16px; margin-bottom: 20px; flex-wrap: wrap; }
.page-head p { color: var(--muted); margin-top: 4px; }
.grid { display: grid; gap: 20px; }
.grid-2 { grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); }
.grid-overview { grid-template-columns: minmax(0, 3fr) minmax(320px, 2fr); align-items: start; }
@media (max-width: 980px) { .grid-overview { grid-template-columns: 1fr; } }
.control-row { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; padding: 14px 18px; border-bottom: 1px solid var(--border); }
.control-row:last-child { border-bottom: 0; }
.control-row .grow { flex: 1; min-width: 200px; }
.row-actions { display: flex; gap: 6px; flex-wrap: nowrap; justify-content: flex-end; }
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; margin-bottom: 20px; }
.stat { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 14px 16px; box-shadow: var(--shadow); }
.stat-value { font-size: 24px; font-weight: 650; }
.stat-label { color: var(--muted); font-size: 12.5px; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); box-shadow: var(--shadow); }
.card + .card { margin-top: 20px; }
.card-head { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 14px 18px; border-bottom: 1px solid var(--border); flex-wrap: wrap; }
.card-head p { color: var(--muted); font-size: 13px; }
.card-body { padding: 16px 18px; }
.stack > * + * { margin-top: 12px; }
.muted { color: var(--muted); }
.small { font-size: 12.5px; }
.empty { padding: 28px 18px; text-align: center; color: var(--muted); }

/* Tables */
.table-wrap { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 9px 14px; border-bottom: 1px solid var(--border); vertical-align: top; }
th { font-size: 12px; font-weight: 600; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; background: #fafbfc; white-space: nowrap; }
tbody tr:last-child td { border-bottom: 0; }
td.nowrap, .nowrap { white-space: nowrap; }
.key { word-break: break-all; }

/* Pills */
.pill { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 12px; font-weight: 600; white-space: nowrap; background: var(--idle-bg); color: var(--idle); }
.pill-ok { background: var(--ok-bg); color: var(--ok); }
.pill-warn { background: var(--warn-bg); color: var(--warn); }
.pill-bad { background: var(--bad-bg); color: var(--bad); }
.pill-info { background: var(--info-bg); color: var(--info); }
.pill-test { background: var(--test-bg); color: var(--test); }

/* Buttons and forms */
button, .button { font: inherit; font-weight: 600; border-radius: 8px; border: 1px solid var(--border-strong); background: var(--surface); color: var(--text); padding: 7px 13px; cursor: pointer; text-decoration: none; display: inline-flex; align-items: center; gap: 6px; line-height: 1.3; }
button:hover, .button:hover { background: #f3f4f6; color: var(--text); }
.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
.primary:hover { background: var(--accent-hover); color: #fff; }
.danger { color: var(--bad); border-color: #f1b4b4; }
.danger:hover { background: var(--bad-bg); color: var(--bad); }
.small-button { padding: 3px 9px; font-size: 12.5px; border-radius: 6px; }
.actions { display: flex; gap: 10px; flex-wrap: wrap; align-items: center; }
label { font-weight: 600; font-size: 13px; }
input[type="text"], input[type="url"], input[type="number"], select {
  font: inherit; border: 1px solid var(--border-strong); border-radius: 8px; padding: 7px 10px; background: #fff; color: var(--text); min-width: 0;
}
input[type="number"] { width: 90px; }
.field { display: flex; flex-direction: column; gap: 5px; }
.inline-form { display: flex; gap: 10px; align-items: flex-end; flex-wrap: wrap; }
.inline-form .grow { flex: 1; min-width: 220px; }
.inline-form .grow input { width: 100%; }
fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
legend { font-weight: 650; padding: 0; margin-bottom: 8px; }
.check { display: flex; align-items: center; gap: 10px; padding: 9px 12px; border: 1px solid var(--border); border-radius: 8px; font-weight: 500; }
.check + .check { margin-top: 8px; }
.check input { width: 16px; height: 16px; accent-color: var(--accent); }
.check .mono { margin-left: auto; color: var(--muted); }

/* Row lists: rows that open in place */
.rows-head, .row-summary { display: grid; grid-template-columns: var(--cols); gap: 14px; padding: 10px 18px; align-items: start; }
.rows-head { font-size: 12px; font-weight: 600; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; background: #fafbfc; border-bottom: 1px solid var(--border); border-radius: var(--radius) var(--radius) 0 0; }
.row-items { list-style: none; margin: 0; padding: 0; }
.row-items > li { border-bottom: 1px solid var(--border); }
.row-items > li:last-child { border-bottom: 0; }
.row > summary { list-style: none; cursor: pointer; }
.row > summary::-webkit-details-marker { display: none; }
.row > summary:hover { background: #f8f9fc; }
.row[open] > summary { background: #f5f6fe; }
.row-body { padding: 14px 18px 18px; border-top: 1px dashed var(--border); }
.cell { min-width: 0; overflow-wrap: anywhere; }
.cell small { display: block; color: var(--muted); font-size: 12px; }
.chevron { display: inline-block; width: 1em; color: var(--accent); transition: transform .15s; }
.row[open] .chevron { transform: rotate(90deg); }
.cols-issuance { --cols: minmax(200px, 2fr) minmax(150px, 2fr) minmax(140px, 1.4fr) 84px 84px; }
.cols-verifications { --cols: minmax(200px, 2fr) minmax(150px, 2fr) minmax(140px, 1.4fr) 84px 84px; }
.cols-webhooks { --cols: minmax(220px, 2.2fr) minmax(200px, 2fr) minmax(150px, 1.5fr) 84px; }

/* Details */
details > summary { cursor: pointer; }
details.row-details > summary { list-style: none; }
details.row-details > summary::-webkit-details-marker { display: none; }
.disclosure { color: var(--accent); font-weight: 600; font-size: 12.5px; }
pre.wrap { white-space: pre-wrap; word-break: break-all; }
pre { margin: 0; background: #0f172a; color: #e2e8f0; border-radius: 8px; padding: 12px 14px; overflow: auto; font-family: var(--mono); font-size: 12px; line-height: 1.55; max-height: 360px; }
.timeline { list-style: none; margin: 0; padding: 0; }
.timeline li { display: flex; gap: 10px; align-items: baseline; padding: 3px 0; }
.timeline time { color: var(--muted); font-size: 12.5px; min-width: 76px; font-variant-numeric: tabular-nums; }
.detail-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 16px; padding: 4px 0 8px; }
.kv { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; }
.kv dt { color: var(--muted); }
.kv dd { margin: 0; word-break: break-word; }
.qr { width: 148px; height: 148px; background: #fff; border: 1px solid var(--border); border-radius: 8px; padding: 6px; }
.qr svg { width: 100%; height: 100%; display: block; }

/* Notices */
.notice { border-radius: var(--radius); padding: 12px 16px; margin-bottom: 20px; border: 1px solid; display: flex; gap: 10px; align-items: flex-start; }
.notice-ok { background: #f0fdf4; border-color: #bbf7d0; color: var(--ok); }
.notice-bad { background: #fef2f2; border-color: #fecaca; color: var(--bad); }
.notice-info { background: #eff6ff; border-color: #bfdbfe; color: var(--info); }
.notice strong { display: block; }
.toast { position: fixed; right: 20px; bottom: 20px; background: #111827; color: #fff; padding: 10px 14px; border-radius: 8px; box-shadow: var(--shadow); font-weight: 500; }

/* Wallet */
.wallet main { max-width: 760px; }
.wallet-card { border-radius: 14px; padding: 18px 20px; color: #fff; background: linear-gradient(135deg, #312e81, #4338ca 55%, #0e7490); box-shadow: 0 6px 18px rgba(49, 46, 129, .25); }
.wallet-card + .wallet-card { margin-top: 14px; }
.wallet-card h3 { font-size: 16px; }
.wallet-card .meta { color: #e0e7ff; font-size: 12.5px; word-break: break-all; }
.wallet-card dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 16px; margin: 12px 0 0; }
.wallet-card dt { color: #c7d2fe; }
.wallet-card dd { margin: 0; font-weight: 600; word-break: break-word; }
.request-summary { display: flex; gap: 14px; align-items: center; }
.party { width: 44px; height: 44px; border-radius: 12px; background: var(--accent-soft); color: var(--accent); display: grid; place-items: center; font-size: 20px; font-weight: 700; flex: none; }
.claims-list { margin: 8px 0 0; padding-left: 18px; }
.footer-note { margin-top: 28px; color: var(--muted); font-size: 12.5px; text-align: center; }
`;

export const STYLESHEET_PATH = "/__dashboard/assets/style.css";
