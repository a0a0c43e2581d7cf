import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Import boundaries the linter cannot express:
// - shared/ is pure: it imports nothing from app/ or server/;
// - server/ never imports the web app, and app/ never imports the server;
// - a feature (app/features/<area>/) does not import another feature.

const root = path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function files(dir: string): string[] {
  const full = path.join(root, dir);
  try {
    statSync(full);
  } catch {
    return [];
  }
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => path.join(full, f));
}

/** The repository-relative file an import points at, or undefined for packages. */
function target(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#shared/')) return path.join('shared', specifier.slice(8));
  if (specifier.startsWith('#server/')) return path.join('server', specifier.slice(8));
  if (specifier.startsWith('#app/')) return path.join('app', specifier.slice(5));
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(from), specifier));
  return undefined;
}

function featureOf(relative: string): string | undefined {
  const match = /^app\/features\/([^/]+)\//.exec(relative);
  return match?.[1];
}

const problems: string[] = [];
for (const file of [...files('shared'), ...files('server'), ...files('app')]) {
  const relative = path.relative(root, file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? '';
    const to = target(file, specifier);
    if (!to) continue;
    const area = relative.split('/')[0];
    const toArea = to.split('/')[0];
    if (area === 'shared' && (toArea === 'app' || toArea === 'server')) {
      problems.push(`${relative}: shared/ must not import ${specifier}`);
    }
    if (area === 'server' && toArea === 'app')
      problems.push(`${relative}: server/ must not import ${specifier}`);
    if (area === 'app' && toArea === 'server')
      problems.push(`${relative}: app/ must not import ${specifier}`);
    const fromFeature = featureOf(relative);
    const toFeature = featureOf(to);
    if (fromFeature && toFeature && fromFeature !== toFeature) {
      problems.push(
        `${relative}: feature "${fromFeature}" must not import feature "${toFeature}" (${specifier})`,
      );
    }
  }
}

if (problems.length) {
  console.error(`Import boundary violations:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
