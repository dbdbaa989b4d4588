import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** the raw message with quoted-printable soft breaks and escapes decoded */
  body: string;
  receivedAt: number;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0];
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/** A real SMTP server that files every message it receives as JSON in `dir`. */
export async function startMailbox(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: headerValue(raw, 'Subject'),
          body: decodeQuotedPrintable(raw),
          receivedAt: Date.now(),
        };
        counter += 1;
        fs.writeFileSync(path.join(dir, `${Date.now()}-${counter}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for a message to `to` whose subject matches, and returns it. */
export async function waitForMail(
  dir: string,
  to: string,
  subject: RegExp,
  options: { timeoutMs?: number; after?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (fs.existsSync(dir)) {
      for (const file of fs.readdirSync(dir).sort()) {
        const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail;
        if (
          mail.to.includes(to.toLowerCase()) &&
          subject.test(mail.subject) &&
          mail.receivedAt >= (options.after ?? 0)
        ) {
          return mail;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} arrived`);
}

/** The first link in the message that contains `contains`. */
export function linkIn(mail: ReceivedMail, contains: string): string {
  const links = mail.body.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => l.includes(contains));
  if (!link) throw new Error(`no link containing ${contains} in "${mail.subject}"`);
  return link.replace(/&amp;/g, '&');
}
