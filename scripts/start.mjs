// `npm start`: build the web app when it is missing or its sources (or the lockfile) changed
// since the last build, bundle the server (scripts/server-build.mjs), then run it (it migrates
// and seeds).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer, SERVER_ENV, SERVER_NODE_ARGS } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

// With WEB_DIST_DIR the server serves a build made elsewhere.
if (!process.env.WEB_DIST_DIR) {
  try {
    ensureWebBuild(root);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

let bundle;
try {
  bundle = await buildServer();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
