import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InboxStore } from './inbox-store.js';
import { INBOX_PAGE_HTML } from './inbox-page.js';

type Respond = (res: ServerResponse) => void;

/**
 * HTTP API over the inbox, mirroring maildev's REST shape (`GET /email`, `GET /email/:id`,
 * `GET /email/:id/html`, `DELETE /email/all`, `DELETE /email/:id`) plus the web page at `/`.
 */
export function createInboxRequestHandler(store: InboxStore) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    // HEAD is answered like GET; node drops the body.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    let respond: Respond;
    try {
      respond = route(store, method, new URL(req.url ?? '/', 'http://inbox.local'));
    } catch {
      // A malformed URL or %-escape is the client's fault; it must not crash the sandbox.
      respond = json(400, { error: 'Malformed request URL' });
    }
    respond(res);
  };
}

function route(store: InboxStore, method: string, url: URL): Respond {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return only(method, 'GET', () => send(200, 'text/html; charset=utf-8', INBOX_PAGE_HTML));
  if (path === '/healthz') return only(method, 'GET', () => json(200, { status: 'ok' }));
  if (path === '/email') {
    const to = url.searchParams.get('to') ?? undefined;
    return only(method, 'GET', () => json(200, store.list({ to })));
  }
  // maildev answers `true` to deletes; keep that so maildev clients work unchanged.
  if (path === '/email/all') return only(method, 'DELETE', () => (store.clear(), json(200, true)));

  const match = /^\/email\/([^/]+)(\/html)?$/.exec(path);
  if (!match) return json(404, { error: 'Not found' });
  const id = decodeURIComponent(match[1]);

  if (match[2]) {
    return only(method, 'GET', () => {
      const html = store.viewHtml(id);
      if (html === undefined) return notFound(id);
      // If opened directly, the mail's own scripts must not run on the inbox's origin.
      return send(200, 'text/html; charset=utf-8', html, {
        'content-security-policy': 'sandbox allow-popups allow-popups-to-escape-sandbox',
      });
    });
  }
  if (method === 'DELETE') return store.delete(id) ? json(200, true) : notFound(id);
  return only(method, 'GET', () => {
    const message = store.get(id);
    return message ? json(200, message) : notFound(id);
  });
}

function only(method: string, allowed: 'GET' | 'DELETE', respond: () => Respond): Respond {
  if (method === allowed) return respond();
  const allow = allowed === 'GET' ? 'GET, HEAD' : allowed;
  return json(405, { error: `Method ${method} not allowed; use ${allow}` }, { allow });
}

function notFound(id: string): Respond {
  return json(404, { error: `No e-mail with id ${id}` });
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Respond {
  return send(status, 'application/json; charset=utf-8', JSON.stringify(body), headers);
}

function send(status: number, contentType: string, body: string, headers: Record<string, string> = {}): Respond {
  return (res) => {
    // Mail changes all the time; never let a browser show a stale list.
    res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store', ...headers });
    res.end(body);
  };
}
