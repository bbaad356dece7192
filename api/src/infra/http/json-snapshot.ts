import type { Request, Response } from 'express';

/** A JSON answer serialized once and kept with its gzip (the board's cached views). */
export interface JsonSnapshot {
  json: Buffer;
  gzip: Buffer;
}

/** Sends a cached JSON answer as is: its gzip when the client accepts gzip, else the JSON. */
export function sendJsonSnapshot(req: Request, res: Response, snapshot: JsonSnapshot): void {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.end(gzip ? snapshot.gzip : snapshot.json);
}
