import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { smtpTransport } from '../../server/src/modules/mail/transport';
import { startMailbox, waitForMail } from '../support/mailbox';

// The test mailbox is written by the SMTP sink in one process (global setup) and read by the test
// workers in others. A reader must never see half a mail: a disk write of a large file is not one
// step, so the sink has to put each mail in place whole.

test('a reader of the mailbox sees either no mail or the whole mail, at every step of writing a large one', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-mailbox-test-'));
  // Every state of the directory a reader could see while the sink writes: each write lands in two
  // halves, and the directory (names and contents) is copied after every step.
  const states: Map<string, Buffer>[] = [];
  const snapshot = () =>
    states.push(new Map(fs.readdirSync(dir).map((file) => [file, fs.readFileSync(path.join(dir, file))] as const)));
  const realWriteFileSync = fs.writeFileSync;
  const realRenameSync = fs.renameSync;
  fs.writeFileSync = ((file: fs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView) => {
    const bytes =
      typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const half = Math.floor(bytes.length / 2);
    const fd = fs.openSync(file as fs.PathLike, 'w');
    fs.writeSync(fd, bytes.subarray(0, half));
    snapshot();
    fs.writeSync(fd, bytes.subarray(half));
    fs.closeSync(fd);
    snapshot();
  }) as typeof fs.writeFileSync;
  fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
    realRenameSync(from, to);
    snapshot();
  }) as typeof fs.renameSync;

  const mailbox = await startMailbox(dir);
  const transport = smtpTransport(`smtp://127.0.0.1:${mailbox.port}`, 'Mtumba <hello@mtumba.test>');
  const body = 'Karibu! '.repeat(50_000);
  try {
    await transport.send({
      id: 1,
      to: 'reader@e2e.test',
      subject: 'A long letter',
      text: body,
      html: `<p>${body}</p>`,
      template: 'long_letter',
    });
  } finally {
    fs.writeFileSync = realWriteFileSync;
    fs.renameSync = realRenameSync;
    await transport.close();
    await mailbox.close();
  }
  expect(states.length).toBeGreaterThanOrEqual(2);

  // The real reader, run against a copy of each state: it finds nothing yet, or the whole mail
  // (before the fix it read the half-written file and threw "Unexpected end of JSON input").
  const copies = fs.mkdtempSync(path.join(os.tmpdir(), 'mtumba-mailbox-states-'));
  const seen: string[] = [];
  for (const [i, state] of states.entries()) {
    const copy = path.join(copies, `state-${i}`);
    fs.mkdirSync(copy);
    for (const [file, content] of state) fs.writeFileSync(path.join(copy, file), content);
    seen.push(
      await waitForMail(copy, 'reader@e2e.test', /long letter/i, { timeoutMs: 50 }).then(
        (mail) => (mail.body.includes(body.slice(0, 2000)) && mail.body.length > body.length ? 'whole mail' : 'part'),
        (error: Error) => (/^no e-mail/.test(error.message) ? 'no mail yet' : `${error.name}: ${error.message}`),
      ),
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(copies, { recursive: true, force: true });
  expect(seen.filter((outcome) => outcome !== 'whole mail' && outcome !== 'no mail yet')).toEqual([]);
  expect(seen.at(-1)).toBe('whole mail');
});
