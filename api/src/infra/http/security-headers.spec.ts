import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { replayedHeaders } from './security-headers';

function responseDouble() {
  const headers = new Map<string, unknown>([['x-powered-by', 'Express']]);
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  return { headers, res: res as unknown as Response };
}

describe('replayedHeaders', () => {
  it('runs the middleware once and replays the same headers on every response', () => {
    let runs = 0;
    const middleware: RequestHandler = (_req, res, next) => {
      runs += 1;
      res.setHeader('X-Frame-Options', 'DENY');
      res.removeHeader('X-Powered-By');
      next();
    };
    const replay = replayedHeaders(middleware);
    for (let i = 0; i < 3; i++) {
      const { headers, res } = responseDouble();
      let nextCalls = 0;
      replay({} as Request, res, (() => (nextCalls += 1)) as NextFunction);
      expect(nextCalls).toBe(1);
      expect(Object.fromEntries(headers)).toEqual({ 'x-frame-options': 'DENY' });
    }
    expect(runs).toBe(1);
  });

  it('refuses a middleware that does not finish synchronously or that fails', () => {
    const later: RequestHandler = (_req, _res, next) => void setTimeout(() => next(), 0);
    expect(() => replayedHeaders(later)).toThrow(/did not finish synchronously/);
    const failing: RequestHandler = (_req, _res, next) => next(new Error('boom'));
    expect(() => replayedHeaders(failing)).toThrow(/boom/);
  });
});
