import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { draftRequestSchema, type DraftResponse, type ParsedDraftRequest } from '@tend/contracts';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { AiService } from './ai.service';

/** The spec's `POST /api/geminis/` (with or without the slash): a follow-up draft for one contact. */
@Controller('api/geminis')
export class AiController {
  constructor(private readonly ai: AiService) {}

  @Post()
  @HttpCode(200)
  draft(
    @Body(new ZodValidationPipe(draftRequestSchema)) body: ParsedDraftRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<DraftResponse> {
    return this.ai.draft(user, body);
  }
}
