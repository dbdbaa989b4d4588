import type { Plugin } from 'postcss';

export declare const KEPT_CLASSES: RegExp[];
export declare function unusedBootstrapCss(): Plugin;
