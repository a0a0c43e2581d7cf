import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { boundaryProblems, type SourceFile } from './boundaries.ts';

// `npm run lint` runs this: the import boundaries of scripts/boundaries.ts over the whole repository.

const root = path.resolve(import.meta.dirname, '..');

function files(dir: string): SourceFile[] {
  const full = path.join(root, dir);
  try {
    statSync(full);
  } catch {
    return [];
  }
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => ({
      file: path.posix.join(dir, f.split(path.sep).join('/')),
      source: readFileSync(path.join(full, f), 'utf8'),
    }));
}

const problems = boundaryProblems(['shared', 'server', 'app', 'e2e'].flatMap(files));
if (problems.length) {
  console.error(`Import boundary violations:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
