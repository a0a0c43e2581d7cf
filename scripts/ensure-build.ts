import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Builds the web app when it is missing or older than its sources, so that `npm start` on a fresh
// clone just works and a second start does not rebuild for nothing.

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'app', 'index.html');
const sources = ['app', 'shared', 'vite.config.ts', 'package.json'].map((p) => path.join(root, p));

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));

if (builtAt >= sourcesAt) {
  process.exit(0);
}
process.stdout.write(
  builtAt ? 'Web app sources changed: rebuilding…\n' : 'Building the web app (first start)…\n',
);
const vite = path.join(root, 'node_modules', '.bin', 'vite');
const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  process.stderr.write('Cannot start the portal: the web app failed to build (see above).\n');
  process.exit(result.status ?? 1);
}
