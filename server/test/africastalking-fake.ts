import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Africa's Talking's SMS endpoint (POST /version1/messaging): it checks the
 * request the way the real service does (apiKey header, Accept JSON, form body with username, to
 * and message) and answers with SMSMessageData. Controls make it fail for an outage or refuse a number.
 */
export interface FakeSms {
  to: string;
  message: string;
  from: string | null;
}

export interface FakeAfricasTalking {
  url: string;
  apiKey: string;
  username: string;
  sent: FakeSms[];
  /** every request with the problems found in it */
  requests: { headers: http.IncomingHttpHeaders; form: Record<string, string>; problems: string[]; status: number }[];
  /** the next requests answer with this HTTP status (an outage) */
  failNext(status: number, times?: number): void;
  /** messages to this number are refused as Africa's Talking refuses an invalid number (403) */
  refuseNumber(phone: string): void;
  close(): Promise<void>;
}

export async function startFakeAfricasTalking(
  options: { apiKey?: string; username?: string } = {},
): Promise<FakeAfricasTalking> {
  const apiKey = options.apiKey ?? `atsk_${randomBytes(12).toString('hex')}`;
  const username = options.username ?? 'sandbox';
  const sent: FakeSms[] = [];
  const requests: FakeAfricasTalking['requests'] = [];
  const refused = new Set<string>();
  let failures: { status: number; times: number } | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const record = { headers: req.headers, form, problems: [] as string[], status: 0 };
      requests.push(record);
      const send = (status: number, body: unknown) => {
        record.status = status;
        res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== '/version1/messaging') {
        return send(404, 'Not found');
      }
      if (req.headers.apikey !== apiKey) {
        record.problems.push('apiKey header missing or wrong');
        return send(401, 'The supplied authentication is invalid');
      }
      if (req.headers.accept !== 'application/json') record.problems.push('Accept must be application/json');
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        record.problems.push('the body must be a form (application/x-www-form-urlencoded)');
      }
      if (form.username !== username) record.problems.push('username: not the account username');
      const numbers = (form.to ?? '').split(',').filter(Boolean);
      if (numbers.length === 0 || numbers.some((n) => !/^\+254\d{9}$/.test(n))) {
        record.problems.push('to: comma-separated +254… numbers required');
      }
      if (!form.message) record.problems.push('message: required');
      if (record.problems.length) return send(400, record.problems.join('; '));
      if (failures && failures.times > 0) {
        failures.times -= 1;
        return send(failures.status, 'Service unavailable');
      }
      const recipients = numbers.map((number) => {
        if (refused.has(number)) {
          return { number, status: 'InvalidPhoneNumber', statusCode: 403, messageId: 'None', cost: '0' };
        }
        sent.push({ to: number, message: form.message, from: form.from ?? null });
        return {
          number,
          status: 'Success',
          statusCode: 101,
          messageId: `ATXid_${randomBytes(8).toString('hex')}`,
          cost: 'KES 0.8000',
        };
      });
      const ok = recipients.filter((r) => r.statusCode === 101).length;
      return send(201, {
        SMSMessageData: {
          Message: `Sent to ${ok}/${recipients.length} Total Cost: KES 0.8000`,
          Recipients: recipients,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/version1/messaging`,
    apiKey,
    username,
    sent,
    requests,
    failNext(status, times = 1) {
      failures = { status, times };
    },
    refuseNumber(phone) {
      refused.add(phone);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
