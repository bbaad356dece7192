import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again in a moment.';

/** An error that tells the client when to come back (429). */
export class TooManyRequestsException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please wait a few minutes and try again.',
  ) {
    super({ errors: [message] }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * A service this server depends on (a model provider) failed (502) or did not answer in time (504).
 * Unlike other 5xx answers, its message is meant for the user and is sent as it is; whoever throws
 * it has logged the cause.
 */
export class UpstreamException extends HttpException {
  constructor(status: HttpStatus.BAD_GATEWAY | HttpStatus.GATEWAY_TIMEOUT, message: string) {
    super({ errors: [message] }, status);
  }
}

function messagesOf(exception: HttpException): string[] {
  const body = exception.getResponse();
  if (typeof body === 'string') return [body];
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record['errors'])) return record['errors'].map(String);
    if (Array.isArray(record['message'])) return record['message'].map(String);
    if (typeof record['message'] === 'string') return [record['message']];
  }
  return [exception.message];
}

/** Express/body-parser errors carry a status and a type; turn them into sentences. */
function describeExpressError(error: { status?: number; type?: string }): { status: number; message: string } | null {
  switch (error.type) {
    case 'entity.parse.failed':
      return { status: 400, message: 'The request body is not valid JSON.' };
    case 'entity.too.large':
      return { status: 413, message: 'The request is too large.' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, message: 'The request encoding is not supported.' };
    default:
      return typeof error.status === 'number' && error.status >= 400 && error.status < 500
        ? { status: error.status, message: 'The request could not be read.' }
        : null;
  }
}

/**
 * What a 4xx says beside its errors (`POST /api/contacts`' 409 names the card it matched as
 * `contact_id`): the snake_case fields its thrower put there on purpose, never Nest's own.
 */
function detailsOf(exception: HttpException): Record<string, unknown> {
  const body = exception.getResponse();
  if (!body || typeof body !== 'object') return {};
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (!['errors', 'message', 'error', 'statusCode'].includes(key) && /^[a-z][a-z0-9_]*$/.test(key)) {
      details[key] = value;
    }
  }
  return details;
}

/** Every error leaves as `{"errors": [...]}`; a 5xx never shows its cause to the client. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    let status: number = HttpStatus.INTERNAL_SERVER_ERROR;
    let errors = [GENERIC_SERVER_ERROR];
    let details: Record<string, unknown> = {};
    const upstream = exception instanceof UpstreamException;
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      errors = status >= 500 && status !== 503 && !upstream ? [GENERIC_SERVER_ERROR] : messagesOf(exception);
      if (status < 500) details = detailsOf(exception);
      if (exception instanceof TooManyRequestsException) {
        response.setHeader('Retry-After', String(exception.retryAfterSeconds));
      }
    } else if (exception && typeof exception === 'object') {
      const described = describeExpressError(exception);
      if (described) {
        status = described.status;
        errors = [described.message];
      }
    }
    if (status >= 500 && status !== 503 && !upstream) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    response.status(status).json({ errors, ...details });
  }
}
