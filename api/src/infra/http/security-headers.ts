import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs a header-setting middleware (helmet) once at boot and replays what it set on every
 * response. Our helmet configuration is fixed (no nonces, nothing read from the request), so its
 * headers are the same for every answer; replaying them saves a dozen middleware calls per
 * request. Refuses a middleware that does anything but set and remove headers.
 */
export function replayedHeaders(middleware: RequestHandler): RequestHandler {
  const set = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  let calledNext = false;
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, value);
      removed.delete(name.toLowerCase());
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.add(name.toLowerCase());
    },
  };
  void middleware(
    { headers: {}, method: 'GET', url: '/' } as Request,
    recorder as unknown as Response,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error('The header middleware failed.');
      calledNext = true;
    },
  );
  if (!calledNext) throw new Error('The header middleware did not finish synchronously; it cannot be replayed.');
  const headers = [...set];
  const toRemove = [...removed];
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const name of toRemove) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
