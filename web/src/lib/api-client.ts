import { API_BASE_URL } from '@/config/env';
import { getToken, signOut } from './auth-storage';

/** An error reply of the API: its status and the body `{ message, errors?, error? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; error?: string; errors?: Record<string, string[]> } & Record<string, unknown>,
  ) {
    super(body.message ?? body.error ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }

  /** The first message for a field, as Laravel-style forms show it. */
  fieldError(field: string): string | undefined {
    return this.body.errors?.[field]?.[0];
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** extra headers for this call, e.g. X-Requested-With (Accept, Authorization and Content-Type are the client's) */
  headers?: Record<string, string>;
  /** `no-store`: always the server's answer, never a copy the app's service worker kept (src/sw.ts) */
  cache?: RequestCache;
  /** default true: a 401 signs the user out */
  signOutOn401?: boolean;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE_URL}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** The one API client: JSON in and out, bearer token from local storage, errors as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    cache: options.cache,
  });
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (!res.ok) {
    if (res.status === 401 && token && options.signOutOn401 !== false) signOut();
    throw new ApiError(res.status, (data ?? {}) as ApiError['body']);
  }
  return { data: data as T, headers: res.headers };
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }).then((r) => r.data),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }).then((r) => r.data),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }).then((r) => r.data),
};

/** The message to show for a failed call: the server's, or the fallback docs/product.md gives. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.body.message ?? err.body.error ?? fallback;
  return fallback;
}
