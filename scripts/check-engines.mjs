#!/usr/bin/env node
/**
 * Every installed package must run on every Node that our `engines` accepts (issue 29, item 12): npm only
 * warns (EBADENGINE) when one does not, and the warning scrolls past. Reads package-lock.json and fails
 * naming each package whose `engines.node` excludes the lowest Node our own range allows.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const ours = lock.packages[''].engines?.node;
if (!ours) {
  console.error('package.json declares no engines.node: say which Node the project runs on.');
  process.exit(1);
}
const lowest = semver.minVersion(ours);

const misfits = Object.entries(lock.packages)
  .filter(([path, entry]) => path !== '' && typeof entry.engines?.node === 'string')
  .filter(([, entry]) => !semver.satisfies(lowest, entry.engines.node, { includePrerelease: true }))
  .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${entry.engines.node}`);

if (misfits.length > 0) {
  console.error(`Our engines accept Node ${ours} (from ${lowest}), but these packages do not run there:`);
  for (const misfit of misfits) console.error(`  ${misfit}`);
  process.exit(1);
}
console.log(`engines: all ${Object.keys(lock.packages).length - 1} installed packages run on Node ${lowest} and up.`);
