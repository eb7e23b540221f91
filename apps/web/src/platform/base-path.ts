/**
 * The console is served under any base path: the page's `<base href>` names it (the server rewrites it),
 * the router uses it as its basename and API calls resolve against it.
 */

/** The folder of the page's base address, always ending with '/': `/` or `/lis/`. */
export function basePathname(baseURI: string = document.baseURI): string {
  try {
    return new URL('./', baseURI).pathname;
  } catch {
    return '/';
  }
}

/** The router's basename: the base folder without its trailing slash (`''` at the root, `/lis` below). */
export function routerBasename(baseURI: string = document.baseURI): string {
  return basePathname(baseURI).replace(/\/+$/, '');
}

/** An absolute address of a console page: `appUrl('ingress')` → `https://host/lis/ingress`. */
export function appUrl(relativePath: string, baseURI: string = document.baseURI): string {
  return new URL(relativePath.replace(/^\/+/, ''), new URL('./', baseURI)).toString();
}

/**
 * A path given to the router must not repeat the basename: `/lis/legacytask` becomes `/legacytask` when
 * the console lives under `/lis`.
 */
export function toRouterPath(path: string, basename: string = routerBasename()): string {
  if (!basename) return path;
  if (path === basename) return '/';
  const rest = path.slice(basename.length);
  if (path.startsWith(basename) && /^[/?#]/.test(rest)) return rest.startsWith('/') ? rest : `/${rest}`;
  return path;
}
