import type { IncomingMessage } from 'node:http';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Receives the raw request body into the temporary file under three bounds: its size, a deadline
// for the whole upload and an idle timeout between bytes. The request itself is only unpiped on
// a timeout, never destroyed, so the route can still answer before the socket is closed.

export interface UploadBounds {
  maxBytes: number;
  deadlineMs: number;
  idleMs: number;
}

/** The upload took too long ('deadline') or stopped sending ('idle'). */
export class UploadTimeout extends Error {
  constructor(readonly kind: 'deadline' | 'idle') {
    super(`upload ${kind}`);
  }
}

/** The client went away before the body ended. */
export class UploadAborted extends Error {}

/** More than twice the size cap was sent: the read stops there. */
export class UploadTooLarge extends Error {}

/**
 * Counts the bytes as they pass. Past the limit the rest is read and dropped, so the client
 * still gets its 413 (a request cut off mid-upload sees only a reset), up to twice the limit.
 */
function limited(limit: number): { stream: Transform; over: () => boolean } {
  let seen = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > 2 * limit) done(new UploadTooLarge());
      else done(null, seen > limit ? undefined : chunk);
    },
  });
  return { stream, over: () => seen > limit };
}

/** Resolves true when the body fit in `maxBytes` (false: it was read and dropped past it). */
export async function receiveUpload(
  source: IncomingMessage,
  file: Writable,
  bounds: UploadBounds,
): Promise<boolean> {
  const limit = limited(bounds.maxBytes);
  const stop = (err: Error) => {
    source.unpipe(limit.stream);
    limit.stream.destroy(err);
  };
  const deadline = setTimeout(() => stop(new UploadTimeout('deadline')), bounds.deadlineMs);
  let idle = setTimeout(() => stop(new UploadTimeout('idle')), bounds.idleMs);
  const onData = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop(new UploadTimeout('idle')), bounds.idleMs);
  };
  const onClose = () => {
    if (!source.complete) stop(new UploadAborted('upload aborted'));
  };
  source.on('data', onData);
  source.once('close', onClose);
  source.once('aborted', onClose);
  source.once('error', onClose);
  try {
    source.pipe(limit.stream);
    await pipeline(limit.stream, file);
    return !limit.over();
  } finally {
    clearTimeout(deadline);
    clearTimeout(idle);
    // A failed write (ENOSPC) leaves the rest of the body unread; the answer closes the socket.
    source.unpipe(limit.stream);
    source.off('data', onData);
    source.off('close', onClose);
    source.off('aborted', onClose);
    source.off('error', onClose);
  }
}
