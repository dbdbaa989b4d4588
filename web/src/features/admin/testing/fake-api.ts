import { vi } from 'vitest';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;
type Handler = (request: { url: URL; init: RequestInit; body: unknown }) => Reply | Promise<Reply>;

export interface FetchCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fetch stand-in answering "METHOD /api/path" routes (query string ignored when matching).
 * Unknown routes answer 404. Every call is recorded.
 */
export function stubFetch(routes: Record<string, Handler | Reply>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof body === 'string') body = JSON.parse(body);
    calls.push({ method, url, headers: (init.headers ?? {}) as Record<string, string>, body });
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? await route({ url, init, body }) : route;
    if (reply instanceof Error) throw reply;
    if (!reply) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * A route whose replies the test gives later: each request waits until `respond` or `fail` (a
 * network failure) answers the oldest one still waiting. Pass `route` to stubFetch.
 */
export function deferredRoute() {
  const waiting: ((reply: Reply) => void)[] = [];
  let received = 0;
  const route: Handler = () =>
    new Promise<Reply>((resolve) => {
      received += 1;
      waiting.push(resolve);
    });
  const answer = (reply: Reply) => {
    const next = waiting.shift();
    if (!next) throw new Error('no request is waiting');
    next(reply);
  };
  return {
    route,
    /** how many requests have arrived so far */
    received: () => received,
    respond: (status: number, body: unknown) => answer({ status, body }),
    fail: () => answer(new TypeError('Network request failed')),
  };
}

/** An XMLHttpRequest stand-in: each request waits until the test answers it. */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Document | XMLHttpRequestBodyInit | null) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  formBody(): FormData {
    return this.body as FormData;
  }

  static install() {
    FakeXhr.requests = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
  static last(): FakeXhr {
    const last = FakeXhr.requests.at(-1);
    if (!last) throw new Error('no XMLHttpRequest was sent');
    return last;
  }
}

/** jsdom has no object URLs: previews get predictable ones and revocations are recorded. */
export function stubObjectUrls() {
  let n = 0;
  const revoked: string[] = [];
  const create = vi.fn(() => `blob:preview-${++n}`);
  const revoke = vi.fn((url: string) => void revoked.push(url));
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  return { create, revoke, revoked };
}

export function imageFile(name: string, type = 'image/jpeg', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}
