import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
export const WEB_INDEX = path.join(REPO_ROOT, 'apps', 'web', 'dist', 'index.html');
/**
 * The browser suite's screenshots: into docs/screenshots (committed) when LIS_UPDATE_SCREENSHOTS=1,
 * else into test-results/screenshots, so that an ordinary test run leaves the work tree clean.
 */
export const SCREENSHOT_DIR =
  process.env.LIS_UPDATE_SCREENSHOTS === '1'
    ? path.join(REPO_ROOT, 'docs', 'screenshots')
    : path.join(REPO_ROOT, 'test-results', 'screenshots');
