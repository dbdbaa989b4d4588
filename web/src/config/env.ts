/** Build settings. VITE_API_URL points the app at an API elsewhere; by default it is same-origin /api. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';
/** Where Socket.IO lives: the API's origin (same origin by default). */
export const SOCKET_URL: string | undefined = import.meta.env.VITE_SOCKET_URL as string | undefined;
