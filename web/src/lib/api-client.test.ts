import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildUrl, errorMessage } from './api-client';
import { signIn } from './auth-storage';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('builds URLs under /api and drops empty query values', () => {
    expect(buildUrl('/products', { page: 2, q: '', sort: 'newest', size: undefined })).toBe(
      '/api/products?page=2&sort=newest',
    );
  });

  it('sends the bearer token and signs out on a 401', async () => {
    signIn('tok_1', { id: 1, name: 'A', email: 'a@b.co', is_admin: false });
    const logout = vi.fn();
    window.addEventListener('logout', logout);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequest('/user')).rejects.toBeInstanceOf(ApiError);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok_1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(logout).toHaveBeenCalledOnce();
    window.removeEventListener('logout', logout);
  });

  it('adds per-call headers without giving up its own', async () => {
    signIn('tok_2', { id: 1, name: 'A', email: 'a@b.co', is_admin: true });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('/admin/orders/7', {
      method: 'PUT',
      body: { order_status: 'shipped' },
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'text/html' },
    });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      Authorization: 'Bearer tok_2',
      'Content-Type': 'application/json',
    });
  });

  it('shows the server message, else the fallback', () => {
    expect(errorMessage(new ApiError(422, { message: 'Not enough stock for Denim jacket' }), 'Checkout failed')).toBe(
      'Not enough stock for Denim jacket',
    );
    expect(errorMessage(new TypeError('network'), 'Checkout failed')).toBe('Checkout failed');
  });
});
