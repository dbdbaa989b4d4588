import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.MTUMBA_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/pay': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 300,
  },
});
