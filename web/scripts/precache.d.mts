import type { ManifestTransform } from 'workbox-build';

export function storefrontFiles(dist: string): Set<string>;
export function storefrontOnly(dist: string): ManifestTransform;
