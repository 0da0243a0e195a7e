import type { SendMailOptions } from 'nodemailer';
import { pino } from 'pino';
import { createInquiryOutbox } from '../../services/mail-outbox.service';
import { businessProfile } from '../../src/config/business-profile.server';
import { inquiryMailSettings } from '../../src/mail/inquiry-mail-settings.server';
import type { MailTransport } from '../../src/mail/mail-transport.server';
import type { TestApp } from './test-app';

/** The messages the outbox sends now for the stored inquiries, wired as start-server wires it, through a transport that only records them. */
export async function mailTheOutboxSends(site: TestApp): Promise<SendMailOptions[]> {
  const sent: SendMailOptions[] = [];
  const transport: MailTransport = { send: async (message) => void sent.push(message), close: () => undefined };
  const outbox = createInquiryOutbox({
    transport,
    mail: inquiryMailSettings(site.env, businessProfile(site.business, site.env.PUBLIC_ORIGIN)),
    logger: pino({ level: 'silent' }),
    clock: site.clock,
  });
  await outbox.drain();
  await outbox.stop();
  return sent;
}
