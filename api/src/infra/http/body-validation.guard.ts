import { BadRequestException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { describeIssues } from './zod-validation.pipe';

/**
 * Validates the body before a guard that reads it (passport-local reads email and password),
 * since pipes run only after guards.
 */
export class BodyValidationGuard implements CanActivate {
  constructor(private readonly schema: z.ZodType) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const result = this.schema.safeParse(req.body ?? {});
    if (!result.success) throw new BadRequestException({ errors: describeIssues(result.error) });
    req.body = result.data;
    return true;
  }
}
