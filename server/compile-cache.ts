import { enableCompileCache } from 'node:module';
import path from 'node:path';

/**
 * Turns on Node's compile cache for the modules loaded from here on: their type-stripped and compiled code
 * is written once and read back by the next process (the server at each start, the commands each run).
 *
 * The folder is beside the installed packages and owned by whoever installed them, not Node's default in
 * the shared temporary folder, where another local user could leave code for the portal to run. Node checks
 * each entry against its source, so a changed file is compiled again. NODE_COMPILE_CACHE names another
 * folder, NODE_DISABLE_COMPILE_CACHE=1 turns it off; a folder that cannot be written is passed over quietly
 * and the process runs the same, only slower to start.
 *
 * Only modules imported after this call benefit: an entry point imports this module alone statically and
 * the rest with `await import(…)` once it has run.
 */
export function enablePortalCompileCache(): void {
  enableCompileCache(path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'node-compile-cache'));
}
