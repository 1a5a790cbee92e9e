/**
 * The inbox web page: one self-contained document (no external assets, so it works offline)
 * that polls `GET /email` every 2 s, lists mail newest first and shows the selected message's
 * HTML in a sandboxed iframe so a person can click a verification link.
 */
export const INBOX_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pie sandbox inbox</title>
<style>
  :root { color-scheme: dark; --bg: #1a1226; --panel: #251a36; --line: #3d2d57; --text: #f1ebfa;
          --muted: #c4b5dd; --accent: #b794f6; --selected: #3b2a5c; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.4 system-ui, sans-serif; background: var(--bg); color: var(--text);
         display: flex; flex-direction: column; height: 100vh; }
  header { display: flex; align-items: center; gap: 1rem; padding: .6rem 1rem; border-bottom: 1px solid var(--line); }
  h1 { font-size: 1.1rem; margin: 0; }
  #status { color: var(--muted); flex: 1; }
  button { font: inherit; color: inherit; cursor: pointer; }
  #delete-all { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .3rem .8rem; }
  :focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
  main { flex: 1; display: grid; grid-template-columns: minmax(16rem, 24rem) 1fr; min-height: 0; }
  nav { overflow: auto; border-right: 1px solid var(--line); }
  nav ul { list-style: none; margin: 0; padding: 0; }
  nav li button { display: block; width: 100%; text-align: left; background: none; border: 0;
                  border-bottom: 1px solid var(--line); padding: .6rem 1rem; }
  nav li button:hover { background: var(--panel); }
  nav li button[aria-current="true"] { background: var(--selected); box-shadow: inset 3px 0 var(--accent); }
  .to, .time { display: block; color: var(--muted); font-size: .85rem; }
  .subject { display: block; font-weight: 600; overflow-wrap: anywhere; }
  .empty { padding: 1rem; color: var(--muted); }
  #message { display: flex; flex-direction: column; min-height: 0; }
  #details { padding: .6rem 1rem; border-bottom: 1px solid var(--line); }
  #details h2 { font-size: 1.05rem; margin: 0 0 .3rem; overflow-wrap: anywhere; }
  #details dl { display: grid; grid-template-columns: auto 1fr; gap: .1rem .8rem; margin: 0; color: var(--muted); }
  #details dd { margin: 0; overflow-wrap: anywhere; }
  #details a { color: var(--accent); }
  iframe { flex: 1; width: 100%; border: 0; background: #fff; }
</style>
</head>
<body>
<header>
  <h1>Pie sandbox inbox</h1>
  <p id="status" role="status" aria-live="polite">Loading…</p>
  <button id="delete-all" type="button">Delete all</button>
</header>
<main>
  <nav aria-label="Messages, newest first"><ul id="messages"></ul></nav>
  <section id="message" aria-labelledby="message-subject">
    <div id="details"><h2 id="message-subject">No message selected</h2></div>
  </section>
</main>
<script>
  const listEl = document.getElementById('messages');
  const statusEl = document.getElementById('status');
  const messageEl = document.getElementById('message');
  let messages = [];
  let selectedId = decodeURIComponent(location.hash.slice(1)) || null;
  let shownId = null;
  let renderedKey = '';

  function el(tag, props, children) {
    const node = Object.assign(document.createElement(tag), props || {});
    for (const child of children || []) node.append(child);
    return node;
  }
  const names = (list) => list.map((a) => a.name ? a.name + ' <' + a.address + '>' : a.address).join(', ');
  const when = (iso) => new Date(iso).toLocaleString();

  async function load() {
    try {
      const res = await fetch('/email', { cache: 'no-store' });
      if (!res.ok) throw new Error('HTTP ' + res.status);
      messages = (await res.json()).reverse();
      const status = messages.length === 1 ? '1 message' : messages.length + ' messages';
      if (statusEl.textContent !== status) statusEl.textContent = status;
      render();
    } catch (error) {
      statusEl.textContent = 'Cannot reach the inbox (' + error.message + '); retrying.';
    }
  }

  function render() {
    // Re-render only on change, so polling never steals focus or reloads the open mail.
    const key = messages.map((m) => m.id).join(',') + '|' + selectedId;
    if (key === renderedKey) return;
    renderedKey = key;
    const focusedId = document.activeElement && document.activeElement.dataset.id;
    listEl.replaceChildren(...messages.map((m) => {
      const button = el('button', { type: 'button', onclick: () => select(m.id) }, [
        el('span', { className: 'to', textContent: 'To: ' + (names(m.to) || '(none)') }),
        el('span', { className: 'subject', textContent: m.subject || '(no subject)' }),
        el('time', { className: 'time', dateTime: m.date, textContent: when(m.date) }),
      ]);
      button.dataset.id = m.id;
      if (m.id === selectedId) button.setAttribute('aria-current', 'true');
      return el('li', {}, [button]);
    }));
    if (focusedId) listEl.querySelector('[data-id="' + CSS.escape(focusedId) + '"]')?.focus();
    if (messages.length === 0) {
      listEl.append(el('li', { className: 'empty', textContent: 'No mail yet. Mail sent to the sandbox SMTP server appears here.' }));
    }
    const selected = messages.find((m) => m.id === selectedId);
    if (!selected) showNothing();
    else if (selected.id !== shownId) show(selected);
  }

  function select(id) {
    selectedId = id;
    history.replaceState(null, '', '#' + encodeURIComponent(id));
    render();
  }

  function showNothing() {
    if (shownId === null && messageEl.querySelector('iframe') === null) return;
    shownId = null;
    messageEl.replaceChildren(el('div', { id: 'details' }, [el('h2', { id: 'message-subject', textContent: 'No message selected' })]));
  }

  async function show(m) {
    shownId = m.id;
    const row = (term, value) => [el('dt', { textContent: term }), el('dd', {}, [value])];
    const htmlUrl = '/email/' + encodeURIComponent(m.id) + '/html';
    const details = el('div', { id: 'details' }, [
      el('h2', { id: 'message-subject', textContent: m.subject || '(no subject)' }),
      el('dl', {}, [
        ...row('From', names(m.from)), ...row('To', names(m.to)), ...row('Date', when(m.date)),
        ...row('Body', el('a', { href: htmlUrl, target: '_blank', rel: 'noopener', textContent: 'Open in a new tab' })),
      ]),
    ]);
    // No allow-scripts and no allow-same-origin: the mail cannot run code or touch this page.
    // Links open in a new, unsandboxed tab, so a verification link behaves as in a real mail client.
    const frame = el('iframe', { title: 'Message body: ' + (m.subject || '(no subject)') });
    frame.setAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    messageEl.replaceChildren(details, frame);
    const res = await fetch(htmlUrl, { cache: 'no-store' });
    const body = res.ok ? await res.text() : '<p>This message is no longer in the inbox.</p>';
    if (shownId === m.id) frame.srcdoc = '<base target="_blank">' + body;
  }

  document.getElementById('delete-all').addEventListener('click', async () => {
    await fetch('/email/all', { method: 'DELETE' });
    selectedId = null;
    history.replaceState(null, '', location.pathname);
    await load();
  });

  (async function poll() { await load(); setTimeout(poll, 2000); })();
</script>
</body>
</html>
`;
