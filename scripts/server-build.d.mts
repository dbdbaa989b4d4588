// Types of scripts/server-build.mjs for the TypeScript that runs the bundle (bench, tests).
export declare const SERVER_BUNDLE: string;
export { SERVER_ENV, SERVER_NODE_ARGS } from './server-runtime.mjs';
export declare function buildServer(): Promise<string>;
