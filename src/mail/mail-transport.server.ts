import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Env } from '../config/env.server';
import type { Logger } from '../logging/logger.server';

/** Where outgoing mail goes: an SMTP server, or .eml files for development. */
export interface MailTransport {
  /** Resolves once the message is handed over (accepted by the server, or written to disk). */
  send(message: SendMailOptions): Promise<void>;
  /**
   * Resolves when the mail server answers (it greets and takes the login), without sending
   * anything; rejects with why not. Only a transport with a server to ask has it.
   */
  verify?(): Promise<void>;
  close(): void;
}

// Short enough that a dead server fails a send quickly, well within the outbox's lease.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000, dnsTimeout: 10_000 };

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 3, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

/** A file name from the message's time and id, safe on any file system. */
function emlFileName(message: SendMailOptions): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const id = String(message.messageId ?? '')
    .replace(/[^a-zA-Z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${stamp}${id ? `-${id}` : ''}.eml`;
}

/**
 * Development mail: each message, exactly as it would go over SMTP, is written to an .eml file
 * (any mail client opens it) and the log says where. The contents are never logged.
 */
function fileTransport(directory: string, logger: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.resolve(directory);
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      // Inquiries are personal data: only the site's own user may read them.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await chmod(folder, 0o700);
      const file = path.join(folder, emlFileName(message));
      // Written under a temporary name first, so a reader never sees half a message; a failed
      // write (a full disk) leaves nothing behind, and the outbox tries again later.
      try {
        await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
        await rename(`${file}.tmp`, file);
      } catch (error) {
        await rm(`${file}.tmp`, { force: true });
        throw error;
      }
      logger.info({ file }, 'e-mail written to a file (SMTP_URL is not set)');
    },
    close: () => transporter.close(),
  };
}

/** SMTP_URL set: a pooled SMTP connection. Unset: .eml files under MAIL_DIR. */
export function createMailTransport(env: Pick<Env, 'SMTP_URL' | 'MAIL_DIR'>, logger: Logger): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL) : fileTransport(env.MAIL_DIR, logger);
}
