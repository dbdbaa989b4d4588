import { ApiError, buildUrl } from '@/lib/api-client';
import { getToken, signOut } from '@/lib/auth-storage';

export interface XhrRequestOptions {
  method: 'POST' | 'PUT';
  body: FormData;
  /** 0 → 1 as the request body goes up */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** what to say when a proxy refuses the body as too large (413) without a message of its own */
  tooLargeMessage?: string;
}

function parseBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The API client's XMLHttpRequest twin, only for product uploads: fetch cannot report upload
 * progress. Same bearer token, same errors: ApiError for an error reply, TypeError when the
 * network fails, an AbortError when `signal` aborts.
 */
export function xhrRequest<T>(path: string, options: XhrRequestOptions): Promise<T> {
  const { method, body, onProgress, signal, tooLargeMessage = 'The request is too large.' } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The request was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      if (xhr.status === 401 && token) signOut();
      // A proxy in front of the API may answer 413 with a page of its own.
      if (xhr.status === 413 && typeof data.message !== 'string') data.message = tooLargeMessage;
      reject(new ApiError(xhr.status, data as ApiError['body']));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The request was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
