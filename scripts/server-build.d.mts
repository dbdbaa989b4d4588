// Types of scripts/server-build.mjs for the TypeScript that runs the bundle (bench, tests).
export declare const SERVER_BUNDLE: string;
export declare const SERVER_NODE_ARGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare function buildServer(): Promise<string>;
