import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
export const WEB_INDEX = path.join(REPO_ROOT, 'apps', 'web', 'dist', 'index.html');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');
