// "Is the build outdated?" — one answer for `npm start` and `npm test`.
// A build output is outdated when it is missing, or when any source (a file, or any file below a
// folder; node_modules and dist left out) was modified after it.
import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time of a file, or of any file below a folder; 0 when it does not exist. */
export function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when `output` is missing or older than any of `sources` (paths relative to `root`). */
export function isOutdated(root, output, sources) {
  const built = newestMtime(path.join(root, output));
  if (built === 0) return true;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

const contracts = ['packages/contracts/src', 'packages/contracts/package.json'];
const converter = ['packages/converter/src', 'packages/converter/package.json'];
const referencePeers = ['packages/reference-peers/src', 'packages/reference-peers/package.json'];

/** What each build reads, and the file whose age stands for the build. */
export const builds = {
  server: {
    script: 'build:server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.build.json',
      ...contracts,
      ...converter,
      ...referencePeers,
    ],
  },
  web: {
    script: 'build:web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...contracts,
      ...converter,
    ],
  },
};

/** The builds of `names` that are missing or out of date under `root`. */
export function outdatedBuilds(root, names) {
  return names.map((name) => builds[name]).filter((b) => isOutdated(root, b.output, b.sources));
}

/** Marks a build as done now, so that a build that had nothing to re-emit is not retried each time. */
export function markBuilt(root, build) {
  const output = path.join(root, build.output);
  if (!fs.existsSync(output)) return;
  const now = new Date();
  fs.utimesSync(output, now, now);
}
