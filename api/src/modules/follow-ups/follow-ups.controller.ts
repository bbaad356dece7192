import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  doneRequestSchema,
  idSchema,
  snoozeRequestSchema,
  type Contact as ContactResponse,
  type DoneRequest,
  type SnoozeRequest,
} from '@tend/contracts';
import type { Request, Response } from 'express';
import { ExtensionAllowed } from '../../infra/http/access.decorators';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { FollowUpsService } from './follow-ups.service';

/** The daily loop: who is due today, and the two one-click answers to a follow-up. */
@Controller('api')
export class FollowUpsController {
  constructor(private readonly followUps: FollowUpsService) {}

  /** `TodayResponse`, serialized (and gzipped) once per board version and day, like the board read. */
  @Get('today')
  async today(@SignedIn() user: SignedInUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    const view = await this.followUps.todayJson(user);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.end(gzip ? view.gzip : view.json);
  }

  /**
   * Logs an interaction dated today and resets the card by the rule; answers the card. The extension
   * may ("Log that I messaged them" on a saved profile).
   */
  @Post('contacts/:id/done')
  @HttpCode(200)
  @ExtensionAllowed()
  done(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(doneRequestSchema)) body: DoneRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<ContactResponse> {
    return this.followUps.done(user, id, body);
  }

  /** Sets the card's next follow-up to a later date (`until`, or `days` from today); answers the card. */
  @Post('contacts/:id/snooze')
  @HttpCode(200)
  @ExtensionAllowed()
  snooze(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(snoozeRequestSchema)) body: SnoozeRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<ContactResponse> {
    return this.followUps.snooze(user, id, body);
  }
}
