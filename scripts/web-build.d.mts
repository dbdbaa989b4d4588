export declare const WEB_BUILD_INPUTS: string[];
export declare const STAMP_FILE: string;
export declare function webSourceHash(root: string): string;
export declare function writeWebBuildStamp(distDir: string, hash: string): void;
export type WebBuildStatus = 'current' | 'missing' | 'unstamped' | 'changed';
export declare function webBuildStatus(root: string, distDir?: string): WebBuildStatus;
export declare function ensureWebBuild(
  root: string,
  options?: { distDir?: string; log?: (message: string) => void; build?: () => number },
): WebBuildStatus;
