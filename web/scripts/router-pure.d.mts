import type { Plugin } from 'vite';

export declare function routerPure(): Plugin;
