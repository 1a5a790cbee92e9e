import { randomBytes } from 'node:crypto';
import type { AddressObject, EmailAddress, ParsedMail } from 'mailparser';

export interface MailAddress {
  address: string;
  name: string;
}

/** One received e-mail, in the shape of maildev's `GET /email` items (the fields our tests need). */
export interface InboxMessage {
  id: string;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  /** SMTP envelope: who the client actually sent to, which includes Bcc recipients. */
  envelope: { from: string; to: string[] };
  /** The Date header, or the receipt time when the header is missing; ISO 8601. */
  date: string;
  text: string;
  html: string | null;
  headers: Record<string, string | string[]>;
}

interface StoredMail {
  message: InboxMessage;
  /** What the web page shows: the HTML part, or the text part with links made clickable. */
  viewHtml: string;
}

export interface InboxFilter {
  to?: string;
}

/** In-memory, bounded list of received mail, oldest first; a local stand-in needs no persistence. */
export class InboxStore {
  private mails: StoredMail[] = [];

  constructor(private readonly maxMessages = 500) {}

  add(parsed: ParsedMail, envelope: InboxMessage['envelope']): InboxMessage {
    const message = toInboxMessage(parsed, envelope);
    this.mails.push({ message, viewHtml: message.html ?? parsed.textAsHtml ?? '' });
    // Drop the oldest so a long-running sandbox cannot grow without bound.
    if (this.mails.length > this.maxMessages) this.mails.splice(0, this.mails.length - this.maxMessages);
    return message;
  }

  list(filter: InboxFilter = {}): InboxMessage[] {
    const to = filter.to?.trim().toLowerCase();
    const messages = this.mails.map((mail) => mail.message);
    return to ? messages.filter((message) => recipientsOf(message).includes(to)) : messages;
  }

  get(id: string): InboxMessage | undefined {
    return this.find(id)?.message;
  }

  viewHtml(id: string): string | undefined {
    return this.find(id)?.viewHtml;
  }

  delete(id: string): boolean {
    const before = this.mails.length;
    this.mails = this.mails.filter((mail) => mail.message.id !== id);
    return this.mails.length < before;
  }

  clear(): void {
    this.mails = [];
  }

  private find(id: string): StoredMail | undefined {
    return this.mails.find((mail) => mail.message.id === id);
  }
}

/** Every address the message was delivered to, lower-cased: To, Cc and the envelope (for Bcc). */
function recipientsOf(message: InboxMessage): string[] {
  return [...message.to, ...message.cc]
    .map((recipient) => recipient.address)
    .concat(message.envelope.to)
    .map((address) => address.toLowerCase());
}

function toInboxMessage(parsed: ParsedMail, envelope: InboxMessage['envelope']): InboxMessage {
  return {
    id: randomBytes(8).toString('hex'),
    subject: parsed.subject ?? '',
    from: addressesOf(parsed.from),
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    envelope,
    date: (parsed.date ?? new Date()).toISOString(),
    text: parsed.text ?? '',
    html: parsed.html || null,
    headers: headersOf(parsed),
  };
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  if (!field) return [];
  const groups = Array.isArray(field) ? field : [field];
  return groups.flatMap((group) => group.value.flatMap(flattenAddress));
}

// Group syntax ("team: a@x, b@y;") nests addresses one level down.
function flattenAddress(entry: EmailAddress): MailAddress[] {
  if (entry.group) return entry.group.flatMap(flattenAddress);
  return entry.address ? [{ address: entry.address, name: entry.name }] : [];
}

/** Raw header values by lower-case name; a repeated header (Received) becomes an array. */
function headersOf(parsed: ParsedMail): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const { key, line } of parsed.headerLines) {
    // Unfold continuation lines so each value reads as one line.
    const value = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
    const existing = headers[key];
    if (existing === undefined) headers[key] = value;
    else headers[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return headers;
}
