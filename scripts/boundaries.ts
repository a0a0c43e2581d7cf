import path from 'node:path';

// Import boundaries the linter cannot express (checked by scripts/check-boundaries.ts, run by `npm run lint`):
// - shared/ is pure: it imports nothing from app/, server/ or e2e/;
// - server/ never imports the web app or the journeys, and app/ never imports the server or the journeys;
// - a feature (app/features/<area>/) does not import another feature;
// - what features build on (app/components/, app/lib/, app/layouts/) does not import a feature or a domain;
// - a domain module (app/domains/<domain>/: screens, calls and helpers that several features of one domain
//   share, such as teaching for the tutorials, my articles and the admin's article pages) builds on the
//   foundation, may not import a feature or another domain, and is imported by features only;
// - the journeys (e2e/) use the server only through its test fakes (server/test/), never the web app;
// - the web app takes dayjs from app/lib/dayjs.ts, which sets it to the interface language (its tests may
//   import it directly).

export type SourceFile = { file: string; source: string };

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository-relative file an import points at, or undefined for packages. */
function target(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#shared/')) return path.posix.join('shared', specifier.slice(8));
  if (specifier.startsWith('#server/')) return path.posix.join('server', specifier.slice(8));
  if (specifier.startsWith('#app/')) return path.posix.join('app', specifier.slice(5));
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return undefined;
}

const featureOf = (file: string) => /^app\/features\/([^/]+)\//.exec(file)?.[1];
const domainOf = (file: string) => /^app\/domains\/([^/]+)\//.exec(file)?.[1];
const FOUNDATION = /^app\/(?:components|lib|layouts)\//;
const DAYJS_MODULE = 'app/lib/dayjs.ts';
const TEST_FILE = /\.test\.tsx?$/;

/** Every boundary an import crosses that it must not, as `file: reason` lines. Files are repository-relative. */
export function boundaryProblems(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const { file, source } of files) {
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      const to = target(file, specifier);
      if (specifier === 'dayjs' && file.startsWith('app/') && file !== DAYJS_MODULE && !TEST_FILE.test(file))
        problems.push(`${file}: import dayjs from ${DAYJS_MODULE}, which sets its language (${specifier})`);
      if (!to) continue;
      const area = file.split('/')[0];
      const toArea = to.split('/')[0];
      const refuse = (reason: string) => problems.push(`${file}: ${reason} (${specifier})`);
      if (area === 'shared' && ['app', 'server', 'e2e'].includes(toArea!))
        refuse(`shared/ must not import ${toArea}/`);
      if (area === 'server' && (toArea === 'app' || toArea === 'e2e'))
        refuse(`server/ must not import ${toArea}/`);
      if (area === 'app' && (toArea === 'server' || toArea === 'e2e'))
        refuse(`app/ must not import ${toArea}/`);
      if (area === 'e2e' && toArea === 'app') refuse('journeys must not import the web app');
      if (area === 'e2e' && toArea === 'server' && !to.startsWith('server/test/')) {
        refuse('journeys may use the server only through server/test/');
      }
      const fromFeature = featureOf(file);
      const toFeature = featureOf(to);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        refuse(`feature "${fromFeature}" must not import feature "${toFeature}"`);
      }
      if (FOUNDATION.test(file) && toFeature) refuse(`${file.split('/')[1]}/ must not import a feature`);
      const fromDomain = domainOf(file);
      const toDomain = domainOf(to);
      if (FOUNDATION.test(file) && toDomain) refuse(`${file.split('/')[1]}/ must not import a domain`);
      if (fromDomain && toFeature) refuse(`domain "${fromDomain}" must not import a feature`);
      if (fromDomain && toDomain && fromDomain !== toDomain)
        refuse(`domain "${fromDomain}" must not import domain "${toDomain}"`);
    }
  }
  return problems;
}
