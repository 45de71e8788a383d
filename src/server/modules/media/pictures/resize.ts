import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { variantWidths, type VariantFormat } from '../../../../shared/pictures';

/** The bytes are not a picture sharp can read (corrupt, truncated, too many pixels): no copies, ever. */
export class UnreadablePicture extends Error {
  constructor(reason: string) {
    super(`The picture could not be read: ${reason}`.slice(0, 500));
    this.name = 'UnreadablePicture';
  }
}

export interface Measured {
  /** As shown: EXIF orientation applied (a portrait photo stored sideways is taller than wide). */
  width: number;
  height: number;
  /** Copies made: none for a vector (SVG) or an animation (a still copy would lose the motion). */
  widths: number[];
}

export interface Copy {
  width: number;
  format: VariantFormat;
  body: Buffer;
}

/** A picture that takes longer is given up by this run (its job is tried again, then given up). */
const RESIZE_TIMEOUT_MS = 90_000;

/** resize-worker.mjs beside this module: in src/, or in dist/server/ beside the bundle (build-server.mjs copies it). */
const WORKER = fileURLToPath(new URL('./resize-worker.mjs', import.meta.url));

type WorkerMessage =
  | { measured: { width: number; height: number; still: boolean } }
  | { unreadable: string }
  | { copy: { width: number; format: VariantFormat; body: Uint8Array } }
  | { done: true };

/**
 * Reads a picture and makes its resized copies in a child process (resize-worker.mjs, decision 052),
 * handing each copy to `store` as it comes, one after another. Answers the picture's size and the
 * widths made. Throws UnreadablePicture for bytes that are not a readable picture; any other failure
 * (the child crashed, took too long, `store` failed) throws as it is, so the job is tried again.
 */
export function resizePicture(original: Buffer, store: (copy: Copy) => Promise<void>): Promise<Measured> {
  // A fresh glibc in the child, told to keep few arenas: libvips' threads then reuse what they free.
  const child = fork(WORKER, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, MALLOC_ARENA_MAX: '2' } });
  return new Promise<Measured>((resolve, reject) => {
    let measured: Measured | null = null;
    let settled = false;
    let finished = false;
    let storing: Promise<void> = Promise.resolve();
    const end = (err: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (err) reject(err);
      else resolve(measured!);
    };
    const timer = setTimeout(() => end(new Error(`Resizing took longer than ${RESIZE_TIMEOUT_MS / 1000} s`)), RESIZE_TIMEOUT_MS);
    child.on('error', (err) => end(err));
    child.on('exit', (code, signal) => {
      if (!finished) end(new Error(`The resizing process stopped (${signal ?? `exit ${code}`}) before it finished`));
    });
    child.on('message', (message: WorkerMessage) => {
      if ('unreadable' in message) return end(new UnreadablePicture(message.unreadable));
      if ('measured' in message) {
        const { width, height, still } = message.measured;
        measured = { width, height, widths: still ? variantWidths(width) : [] };
        child.send({ widths: measured.widths });
        return;
      }
      if ('copy' in message) {
        const { width, format, body } = message.copy;
        // Stored in order; the next waits for the one before (copies are small, a few at most queue).
        storing = storing.then(() => store({ width, format, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) }));
        storing.catch((err: unknown) => end(err instanceof Error ? err : new Error(String(err))));
        return;
      }
      finished = true;
      storing.then(() => end(null), () => {});
    });
    child.send({ original });
  });
}
