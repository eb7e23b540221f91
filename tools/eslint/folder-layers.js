import fs from 'node:fs';
import path from 'node:path';

/**
 * `lis/folder-layers`: an import rule by folder (a "unit"), with a declared graph of which unit may
 * import which. Relative imports are resolved to files, so `../x` and `../../features/x/y` are judged
 * by where they land, not by how they are spelled. Two checks:
 *
 *   - the importing unit must declare the imported one (`mayImport`), else the import runs against
 *     the floor plan;
 *   - a unit that declares public entries (`entries`) may be imported by another unit only through
 *     them (e.g. `features/files/index.ts`), never by a deep path.
 *
 * The declared graph itself is checked for cycles when the configuration is built (`folderLayers`),
 * so a plan with a cycle fails every lint run: with imports held to the graph, the folders of the
 * code cannot form a cycle either.
 */

const EXTENSIONS = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  if (specifier.endsWith('.js')) {
    for (const ext of ['.ts', '.tsx']) {
      const candidate = base.slice(0, -'.js'.length) + ext;
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  return base; // not on disk: judged by the path alone
}

/**
 * The unit of a path relative to the root: the first `[pattern, name]` of `units` whose pattern matches
 * names it (`$1` in the name stands for the pattern's first group); undefined when none matches.
 */
export function unitNamer(units) {
  const compiled = units.map(([pattern, name]) => [new RegExp(pattern), name]);
  return (relative) => {
    for (const [pattern, name] of compiled) {
      const match = pattern.exec(relative);
      if (match) return name.replace('$1', match[1] ?? '');
    }
    return undefined;
  };
}

/** The first cycle of a graph `{ unit: [units] }`, as a list of units, or undefined. */
export function findCycle(graph) {
  const state = new Map(); // unit -> 'open' | 'done'
  const trail = [];
  const visit = (unit) => {
    if (state.get(unit) === 'done') return undefined;
    if (state.get(unit) === 'open') return [...trail.slice(trail.indexOf(unit)), unit];
    state.set(unit, 'open');
    trail.push(unit);
    for (const next of graph[unit] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(unit, 'done');
    return undefined;
  };
  for (const unit of Object.keys(graph)) {
    const cycle = visit(unit);
    if (cycle) return cycle;
  }
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the declared floor plan of a source tree (docs/architecture.md).' },
    schema: [{ type: 'object', additionalProperties: true }],
    messages: {
      against: '{{from}} may not import {{to}} ({{why}}). See the floor plan in docs/architecture.md.',
      deep: 'Import {{to}} through its public entry ({{entries}}), not {{file}}.',
    },
  },
  create(context) {
    const { root, units, mayImport, entries = {}, why = {} } = context.options[0];
    const unitOf = unitNamer(units);
    const rootDir = path.resolve(context.cwd, root);
    const filename = context.filename;
    const relativeToRoot = (file) => path.relative(rootDir, file).split(path.sep).join('/');
    const fromRelative = relativeToRoot(filename);
    if (fromRelative.startsWith('..')) return {};
    const from = unitOf(fromRelative);
    if (from === undefined) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolveImport(filename, specifier);
      const toRelative = relativeToRoot(target);
      if (toRelative.startsWith('..')) return; // outside the tree (package.json, another workspace)
      const to = unitOf(toRelative);
      if (to === undefined || to === from) return;
      if (!(mayImport[from] ?? []).includes(to)) {
        context.report({
          node,
          messageId: 'against',
          data: {
            from,
            to,
            why:
              why[from] ??
              `${from} imports only ${(mayImport[from] ?? []).join(', ') || 'nothing of this tree'}`,
          },
        });
        return;
      }
      const publicEntries = entries[to];
      if (publicEntries && !publicEntries.some((entry) => toRelative === `${to}/${entry}`)) {
        context.report({
          node,
          messageId: 'deep',
          data: { to, entries: publicEntries.map((entry) => `${to}/${entry}`).join(', '), file: toRelative },
        });
      }
    }

    const fromSource = (node) => check(node.source, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: (node) => node.source && fromSource(node),
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const folderLayersPlugin = { rules: { 'folder-layers': rule } };

/**
 * One flat-config object holding `lis/folder-layers` for `files`; throws when the declared graph has
 * a cycle, so the plan cannot silently admit one.
 */
export function folderLayers({ name, files, ignores, options }) {
  const cycle = findCycle(options.mayImport);
  if (cycle) throw new Error(`${name}: the declared floor plan has a cycle: ${cycle.join(' -> ')}`);
  return {
    name,
    files,
    ignores,
    plugins: { lis: folderLayersPlugin },
    rules: { 'lis/folder-layers': ['error', options] },
  };
}
