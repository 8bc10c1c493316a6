import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** One message, already in its reader's language. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Where answers go: the person on whose behalf the message is sent. */
  replyTo?: string;
  /** The service's origin as the reader reaches it: where the e-mail settings link points. */
  origin?: string;
  /**
   * About the reader's own account (a deletion confirmation): sent even to an address that
   * unsubscribed. Other mail is not sent to such an address.
   */
  transactional?: boolean;
  /** The language the message is written in, for what is added to it (the settings footer). */
  language?: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://`; null writes `.eml` files into `outboxDir` instead. */
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  log: { info(obj: object, msg: string): void };
}

/**
 * Outgoing mail through nodemailer. Without an SMTP server configured, each message is written as
 * an RFC 822 `.eml` file to the outbox folder (and logged), so a self-hosted install without mail
 * still shows what it would have sent; the same composed bytes go out either way.
 */
export function createMailer({ smtpUrl, outboxDir, from, log }: MailerOptions): Mailer {
  // nodemailer (about 5 MB of heap) is loaded with the first message, not at start-up: most
  // processes of a self-hosted install send mail rarely, some never.
  let transport: Promise<Transporter> | null = null;
  const transportOf = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return transport;
  };

  return {
    async send(message) {
      const info = await (await transportOf()).sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      if (smtpUrl) {
        log.info({ to: message.to.length, messageId: info.messageId }, 'mail sent');
        return;
      }
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${randomUUID()}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      log.info({ to: message.to.length, file }, 'mail written to the outbox');
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
