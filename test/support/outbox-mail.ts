import type { SendMailOptions } from 'nodemailer';
import type { MailTransport } from '../../src/mail/mail-transport.server';
import type { TestApp } from './test-app';

/** The messages the site's own outbox sends now for the stored inquiries, through a transport that only records them. */
export async function mailTheOutboxSends(site: TestApp): Promise<SendMailOptions[]> {
  const sent: SendMailOptions[] = [];
  const transport: MailTransport = { send: async (message) => void sent.push(message), close: () => undefined };
  const outbox = site.outbox(transport);
  await outbox.drain();
  await outbox.stop();
  return sent;
}
