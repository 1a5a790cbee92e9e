import type { InboxFilter, InboxMessage } from './inbox-store.js';

export type { InboxMessage } from './inbox-store.js';

export interface WaitForMessageOptions {
  to: string;
  subjectIncludes?: string;
  timeoutMs?: number;
  /** How often to poll the inbox. */
  intervalMs?: number;
}

/** Reads the sandbox inbox over HTTP; for tests that need to "open" an e-mail the app sent. */
export class InboxClient {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** Messages oldest first, optionally only those sent to one address. */
  async list(filter: InboxFilter = {}): Promise<InboxMessage[]> {
    const query = filter.to ? `?to=${encodeURIComponent(filter.to)}` : '';
    return (await this.request('GET', `/email${query}`)) as InboxMessage[];
  }

  async clear(): Promise<void> {
    await this.request('DELETE', '/email/all');
  }

  /**
   * Polls until a message to `to` (and with `subjectIncludes` in its subject) is in the inbox and
   * returns the newest such message. Messages already there count: call `clear()` first when a
   * test must see a new one.
   */
  async waitForMessage(options: WaitForMessageOptions): Promise<InboxMessage> {
    const { to, subjectIncludes, timeoutMs = 10_000, intervalMs = 100 } = options;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = await this.list({ to });
      const match = messages.findLast((m) => subjectIncludes === undefined || m.subject.includes(subjectIncludes));
      if (match) return match;
      if (Date.now() >= deadline) {
        // Say what did arrive: usually the subject is slightly off, not the mail missing.
        const seen = messages.length ? messages.map((m) => JSON.stringify(m.subject)).join(', ') : 'none';
        const wanted = subjectIncludes === undefined ? '' : ` with a subject containing ${JSON.stringify(subjectIncludes)}`;
        throw new Error(`No e-mail to ${to}${wanted} arrived within ${timeoutMs} ms (subjects of mail to ${to}: ${seen})`);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
    }
  }

  private async request(method: 'GET' | 'DELETE', path: string): Promise<unknown> {
    const res = await fetch(`${this.baseUrl}${path}`, { method });
    if (!res.ok) throw new Error(`Inbox ${method} ${path} failed: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  }
}
