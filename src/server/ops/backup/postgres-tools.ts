import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';

/**
 * pg_dump and pg_restore, run as child processes with an argument list (no shell). The password
 * travels in PGPASSWORD, never on the command line another user could read with ps. They come from
 * PATH: the PostgreSQL client tools of the server's major version or newer (Debian: postgresql-client).
 */

/** The connection string without its password, and the password for PGPASSWORD. */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The last part of a tool's error output that a message can carry. */
const MAX_STDERR = 8 * 1024;

async function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-MAX_STDERR)));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error(`${tool} was not found on PATH: install the PostgreSQL client tools (Debian: postgresql-client), of the server's major version or newer`) : err),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve(stdout);
      reject(new Error(`${tool} failed (exit code ${code}): ${stderr.trim() || 'no message'}${hint(stderr)}`));
    });
  });
}

/** What to do about the failures an operator meets first. */
function hint(stderr: string): string {
  if (/row-level security|row security/i.test(stderr)) {
    return '\nThe tables force row-level security even for their owner: back up and restore as a role that bypasses it (a superuser, or one with BYPASSRLS).';
  }
  if (/server version mismatch/i.test(stderr)) return '\nInstall the client tools of the server\'s major version (or newer) and put them first on PATH.';
  return '';
}

/** A consistent snapshot of the whole database in pg_dump's custom format (one transaction: the server keeps running). */
export async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = connectionFor(url);
  await run('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * Restores a custom-format dump in one transaction (a failure leaves the database as it was), with the
 * connecting role owning everything (--no-owner), as the migrations would have made it. Default
 * privileges are skipped: they name the role that made the backup, which need not exist here; the
 * caller sets them again for this role.
 */
export async function pgRestore(url: string, file: string, listFile: string): Promise<void> {
  const { dbname, env } = connectionFor(url);
  const contents = await run('pg_restore', ['--list', file], env);
  await writeFile(listFile, contents.split('\n').filter((line) => !/\bDEFAULT ACL\b/.test(line)).join('\n'));
  await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--no-password', `--use-list=${listFile}`, `--dbname=${dbname}`, file], env);
}
