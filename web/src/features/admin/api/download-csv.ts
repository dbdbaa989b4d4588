import { ApiError, buildUrl } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

/**
 * Downloads a CSV the API streams (orders, products): fetched with the admin's token, then
 * handed to the browser as a file. Errors come back as ApiError with the server's message.
 */
export async function downloadCsv(path: string, query: Record<string, string | undefined>, filename: string) {
  const token = getToken();
  const res = await fetch(buildUrl(path, query), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) {
    let body: Record<string, unknown> = {};
    try {
      body = (await res.json()) as Record<string, unknown>;
    } catch {
      body = { message: `Download failed (${res.status})` };
    }
    throw new ApiError(res.status, body);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
