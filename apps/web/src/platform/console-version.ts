import { version } from '../../package.json';

/** The console's own version (apps/web/package.json), shown beside the product title. */
export const CONSOLE_VERSION: string = version;
