import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  doneRequestSchema,
  idSchema,
  snoozeRequestSchema,
  type Contact as ContactResponse,
  type DoneRequest,
  type SnoozeRequest,
  type TodayResponse,
} from '@tend/contracts';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { FollowUpsService } from './follow-ups.service';

/** The daily loop: who is due today, and the two one-click answers to a follow-up. */
@Controller('api')
export class FollowUpsController {
  constructor(private readonly followUps: FollowUpsService) {}

  @Get('today')
  today(@SignedIn() user: SignedInUser): Promise<TodayResponse> {
    return this.followUps.today(user);
  }

  /** Logs an interaction dated today and resets the card by the rule; answers the card. */
  @Post('contacts/:id/done')
  @HttpCode(200)
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
  snooze(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(snoozeRequestSchema)) body: SnoozeRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<ContactResponse> {
    return this.followUps.snooze(user, id, body);
  }
}
