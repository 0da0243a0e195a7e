import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: the envelope, and the message parsed by mailparser. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** How many messages the server turned away. */
  refusedCount(): number;
  /**
   * From now on, answer messages with a temporary failure (451), as a busy server does, or with
   * a permanent one (550, a mailbox that does not exist): every message, or only those for one
   * recipient.
   */
  refuse(onlyTo?: string, responseCode?: 451 | 550): void;
  accept(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port that parses and keeps what it accepts: a free port, or
 * `port` to start it again where a closed one listened. `closeTimeout` is how long close() lets
 * open connections finish (smtp-server's default: 30 s).
 */
export async function startSmtpSink(options: { port?: number; closeTimeout?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusing: false | { onlyTo?: string; responseCode: number } = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    ...(options.closeTimeout === undefined ? {} : { closeTimeout: options.closeTimeout }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        if (refusing && (!refusing.onlyTo || recipients.includes(refusing.onlyTo))) {
          refused += 1;
          const reason = refusing.responseCode === 550 ? 'Mailbox unavailable' : 'Mailbox busy, try again later';
          callback(Object.assign(new Error(reason), { responseCode: refusing.responseCode }));
          return;
        }
        const envelope = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: recipients };
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push({ envelope, mail });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusedCount: () => refused,
    refuse: (onlyTo?: string, responseCode: 451 | 550 = 451) => {
      refusing = { onlyTo, responseCode };
    },
    accept: () => {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data, entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  if (raw.includes('<')) throw new Error('a raw "<" in character data');
  return raw.replace(/&([^;]*);?/g, (match, name: string) => {
    if (!match.endsWith(';')) throw new Error(`an unterminated entity: ${match}`);
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    const value = ENTITIES[name];
    if (value === undefined) throw new Error(`an unknown entity: &${name};`);
    return value;
  });
}

/**
 * A strict little XML reader for the tests: elements, attributes, character data and the five
 * predefined entities. It throws on anything that is not well-formed (a stray "<" or "&", tags
 * that do not nest, two root elements), so a lead that parses here parses in a CRM too.
 */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let position = 0;
  while (position < source.length) {
    const open = source.indexOf('<', position);
    const textEnd = open === -1 ? source.length : open;
    const text = source.slice(position, textEnd);
    if (stack.length > 0) stack.at(-1)!.text += decode(text);
    else if (text.trim() !== '') throw new Error('text outside the root element');
    if (open === -1) break;
    if (source.startsWith('<?', open)) {
      if (root || stack.length) throw new Error('a processing instruction after the root element started');
      const end = source.indexOf('?>', open);
      if (end === -1) throw new Error('an unterminated processing instruction');
      position = end + 2;
      continue;
    }
    const close = source.indexOf('>', open);
    if (close === -1) throw new Error('an unterminated tag');
    const tag = source.slice(open + 1, close);
    position = close + 1;
    if (tag.startsWith('/')) {
      const element = stack.pop();
      if (!element || element.name !== tag.slice(1).trim()) throw new Error(`a closing tag that does not match: </${tag.slice(1)}>`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameMatch = /^([A-Za-z_][\w.-]*)/.exec(body);
    if (!nameMatch) throw new Error(`a malformed tag: <${tag}>`);
    const attributes: Record<string, string> = {};
    const rest = body.slice(nameMatch[1]!.length);
    const attributePattern = /\s+([A-Za-z_][\w.-]*)="([^"]*)"/gy;
    let consumed = 0;
    for (let match = attributePattern.exec(rest); match; match = attributePattern.exec(rest)) {
      attributes[match[1]!] = decode(match[2]!);
      consumed = attributePattern.lastIndex;
    }
    if (rest.slice(consumed).trim() !== '') throw new Error(`malformed attributes in <${tag}>`);
    const element: XmlElement = { name: nameMatch[1]!, attributes, children: [], text: '' };
    if (stack.length > 0) stack.at(-1)!.children.push(element);
    else if (root) throw new Error('a second root element');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new Error(`unclosed element <${stack.at(-1)!.name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

/**
 * The element at a path of names below `element`, each step optionally narrowed by one attribute:
 * find(adf, 'prospect/customer/contact/name[part=first]').
 */
export function find(element: XmlElement, path: string): XmlElement | undefined {
  let current: XmlElement | undefined = element;
  for (const step of path.split('/')) {
    const [, name, attribute, value] = /^([^[]+)(?:\[([^=]+)=([^\]]*)\])?$/.exec(step)!;
    current = current?.children.find((candidate) => candidate.name === name && (!attribute || candidate.attributes[attribute!] === value));
  }
  return current;
}
