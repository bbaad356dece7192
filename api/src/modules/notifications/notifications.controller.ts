import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  idSchema,
  updateNotificationRequestSchema,
  type Notification as NotificationResponse,
  type UpdateNotificationRequest,
} from '@tend/contracts';
import { assertBodyIds } from '../../infra/http/request-shape';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { NotificationsService } from './notifications.service';

/** The bell. `POST /api/notifications` (the spec's old client) is FollowUpDateController's, in interactions. */
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** Soonest first, each with `unread` (not viewed and due on or before the user's today). */
  @Get()
  list(@SignedIn() user: SignedInUser): Promise<NotificationResponse[]> {
    return this.notifications.list(user);
  }

  @Post('read-all')
  @HttpCode(200)
  async readAll(@SignedIn() user: SignedInUser): Promise<{ updated: number }> {
    return { updated: await this.notifications.readAll(user) };
  }

  @Patch(':id')
  markViewed(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(updateNotificationRequestSchema)) body: UpdateNotificationRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<NotificationResponse> {
    assertBodyIds(body, { id, userId: user.id });
    return this.notifications.markViewed(user, id, body.viewed);
  }
}
