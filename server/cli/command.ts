import path from 'node:path';
import { parseArgs } from 'node:util';
import { Scratch } from '../backup/files.ts';
import { BackupError } from '../backup/manifest.ts';
import { ConfigError, loadStorageConfig, type StorageConfig } from '../config.ts';

// What the backup and restore commands share: their options, their one-line failures (exit 1), usage
// errors (exit 2), and removing what a failed or interrupted run leaves behind.

export type CommandContext = {
  file: string;
  flags: Record<string, boolean>;
  storage: StorageConfig;
  scratch: Scratch;
  report: (line: string) => void;
};

export async function runCommand(spec: {
  /** "back up", "restore": in "Cannot <task>: …". */
  task: string;
  usage: string;
  flags: string[];
  run: (context: CommandContext) => Promise<void>;
}): Promise<void> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(spec.flags.map((flag) => [flag, { type: 'boolean' as const }])),
      },
    });
  } catch (error) {
    usageError(spec.usage, (error as Error).message);
  }
  if (parsed.values.help) {
    process.stdout.write(spec.usage);
    return;
  }
  if (parsed.positionals.length !== 1) {
    usageError(spec.usage, parsed.positionals.length ? 'give one file only' : 'name the backup file');
  }
  const scratch = new Scratch();
  const interrupted = (signal: NodeJS.Signals, code: number) => {
    process.stderr.write(`Cannot ${spec.task}: interrupted (${signal}); nothing was left half-written.\n`);
    scratch.removeAll();
    process.exit(code);
  };
  process.once('SIGINT', () => interrupted('SIGINT', 130));
  process.once('SIGTERM', () => interrupted('SIGTERM', 143));
  try {
    await spec.run({
      file: path.resolve(invocationFolder(), parsed.positionals[0]!),
      flags: Object.fromEntries(spec.flags.map((flag) => [flag, parsed.values[flag] === true])),
      storage: loadStorageConfig(),
      scratch,
      report: (line) => process.stdout.write(`${line}\n`),
    });
  } catch (error) {
    scratch.removeAll();
    // A file-system error (EACCES, ENOSPC…) names the file and the reason: one line says enough.
    const systemError = typeof (error as NodeJS.ErrnoException).syscall === 'string';
    if (error instanceof BackupError || error instanceof ConfigError || systemError) {
      process.stderr.write(`Cannot ${spec.task}: ${(error as Error).message}\n`);
      process.exit(1);
    }
    process.stderr.write(`Cannot ${spec.task}: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }
}

/**
 * Where the person ran the command: `npm run` starts scripts in the package's folder and says where it was
 * called from in INIT_CWD, so that `npm run db:backup -- backups/today.tar.gz` means the folder they are in.
 */
function invocationFolder(): string {
  const viaNpm = process.env.npm_lifecycle_event?.startsWith('db:') && process.env.INIT_CWD;
  return viaNpm ? process.env.INIT_CWD! : process.cwd();
}

function usageError(usage: string, message: string): never {
  process.stderr.write(`${message}\n\n${usage}`);
  process.exit(2);
}
