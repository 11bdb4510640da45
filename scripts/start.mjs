// npm start: builds the SPA when it is missing or older than its sources, then serves SPA + API.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/spa/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'contract')), statSync(path.join(root, 'index.html')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the shop…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server's call registry (server/calls/index.ts) is generated from the call modules.
const generated = spawnSync('npx', ['tsx', 'scripts/generate-calls.ts'], { cwd: root, stdio: 'inherit' });
if (generated.status !== 0) process.exit(generated.status ?? 1);
const server = spawnSync('npx', ['tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
process.exit(server.status ?? 0);
