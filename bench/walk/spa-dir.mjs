// Loaded before the server (NODE_OPTIONS=--import, as e2e/shifted-clock.mjs is) by bench/walk.ts: the server
// serves the SPA from <repo>/dist/spa, and the walk builds into a directory of its own (WALK_SPA_DIR) so as not
// to overwrite the dist/ others use. Only the path server/main.ts asks for is turned; every other is as it was.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const spaDir = process.env.WALK_SPA_DIR;
if (spaDir) {
  const served = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'dist/spa');
  const join = path.join;
  path.join = (...parts) => {
    const joined = join(...parts);
    return joined === served ? path.resolve(spaDir) : joined;
  };
}
