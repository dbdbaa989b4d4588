import type { Plugin } from 'vite';
export function compileCatalog(source: string, file: string): Record<string, unknown>;
export function linguiCatalogs(): Plugin;
