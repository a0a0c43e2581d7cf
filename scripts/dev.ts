import { spawn } from 'node:child_process';
import path from 'node:path';

// `npm run dev`: the server with reload on change (port 3000) and Vite's dev server with hot reload
// (port 5173, proxying the API to the server). Ctrl-C stops both.
const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=shared', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(path.join(root, 'node_modules', '.bin', 'vite'), ['--port', '5173'], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
