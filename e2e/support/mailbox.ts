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

/**
 * Mails are filed under a temporary name first and renamed to their final name (`<time>-<n>.json`)
 * once complete: a rename is atomic, so a reader in another process (a test worker) sees either no
 * file or the whole mail, never half of one. Readers skip the temporary names.
 */
const isFiledMail = (file: string): boolean => file.endsWith('.json') && !file.startsWith('.');

function fileMail(dir: string, name: string, mail: ReceivedMail): void {
  const temporary = path.join(dir, `.${name}.${process.pid}.partial`);
  fs.writeFileSync(temporary, JSON.stringify(mail));
  fs.renameSync(temporary, path.join(dir, name));
}

/** Every complete mail in the mailbox directory, oldest first. */
export function filedMails(dir: string): ReceivedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter(isFiledMail)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail);
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
        fileMail(dir, `${Date.now()}-${counter}.json`, mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Waits for a message to `to` whose subject matches, and returns it. It looks again whenever the
 * mailbox directory changes (a mail is renamed into place), and once a second in case a change
 * notice is missed.
 */
export async function waitForMail(
  dir: string,
  to: string,
  subject: RegExp,
  options: { timeoutMs?: number; after?: number } = {},
): Promise<ReceivedMail> {
  const find = () =>
    filedMails(dir).find(
      (mail) =>
        mail.to.includes(to.toLowerCase()) && subject.test(mail.subject) && mail.receivedAt >= (options.after ?? 0),
    );
  const found = find();
  if (found) return found;
  fs.mkdirSync(dir, { recursive: true });
  return new Promise<ReceivedMail>((resolve, reject) => {
    const finish = (error: Error | undefined, mail?: ReceivedMail) => {
      watcher.close();
      clearInterval(rescan);
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(mail!);
    };
    const look = () => {
      try {
        const mail = find();
        if (mail) finish(undefined, mail);
      } catch (error) {
        finish(error as Error);
      }
    };
    const watcher = fs.watch(dir, look);
    const rescan = setInterval(look, 1000);
    const timer = setTimeout(
      () => finish(new Error(`no e-mail to ${to} matching ${subject} arrived`)),
      options.timeoutMs ?? 20_000,
    );
    // a mail filed between the first look and the watch starting
    look();
  });
}

/** The first link in the message that contains `contains`. */
export function linkIn(mail: ReceivedMail, contains: string): string {
  const links = mail.body.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => l.includes(contains));
  if (!link) throw new Error(`no link containing ${contains} in "${mail.subject}"`);
  return link.replace(/&amp;/g, '&');
}
