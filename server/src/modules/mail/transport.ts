import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { OutgoingMail } from './outbox.js';

/** An outbox message on its way out. */
export interface MailMessage extends OutgoingMail {
  /** the outbox row id, used to name files and in logs */
  id: number;
}

/** Where messages go: an SMTP server, or `.eml` files a developer can open. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Every http(s) link in a text (tests use it to follow the links of a message). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/** The part of an address after the @: what logs may say about a recipient. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at >= 0 ? address.slice(at + 1).toLowerCase() : '';
}

// Short timeouts: a dead SMTP server should fail a delivery attempt quickly (it is retried later),
// not hold the worker for nodemailer's default of two minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The message as nodemailer takes it, from the shop's sender address. */
function nodemailerMessage(from: string, m: MailMessage) {
  return { from, to: m.to, subject: m.subject, html: m.html, text: m.text, headers: m.headers };
}

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(m) {
      await transporter.sendMail(nodemailerMessage(from, m));
    },
    async close() {
      transporter.close();
    },
  };
}

export function fileTransport(dir: string, from: string, log: FastifyBaseLogger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(m) {
      const info = await composer.sendMail(nodemailerMessage(from, m));
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${m.id}-${m.template.replace(/[^a-z0-9_-]/gi, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // Never the address, subject or a link: mails carry sign-in and reset links. Open the file.
      log.info({ mailId: m.id, template: m.template, toDomain: domainOf(m.to), file }, `mail written: ${m.template}`);
    },
    async close() {
      composer.close();
    },
  };
}

/** SMTP when MAIL_URL is set, otherwise `.eml` files under DATA_DIR/mail. */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  return config.mail.url
    ? smtpTransport(config.mail.url, config.mail.from)
    : fileTransport(config.mailDir, config.mail.from, log);
}
