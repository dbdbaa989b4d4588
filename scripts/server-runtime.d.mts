// Types of scripts/server-runtime.mjs for the TypeScript that runs the bundle (bench, tests).
export declare const SERVER_NODE_ARGS: string[];
export declare const SERVER_ENV: Record<string, string>;
