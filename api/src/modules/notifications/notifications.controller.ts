import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import {
  createNotificationRequestSchema,
  idSchema,
  updateNotificationRequestSchema,
  type CreateNotificationRequest,
  type Notification as NotificationResponse,
  type UpdateNotificationRequest,
} from '@tend/contracts';
import { assertBodyIds } from '../../infra/http/request-shape';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { NotificationsService } from './notifications.service';

/** The bell: a view of the daily loop's rule (the id of an item is its card's id). */
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** The due and overdue people, oldest date first, each with `unread` (not viewed). */
  @Get()
  list(@SignedIn() user: SignedInUser): Promise<NotificationResponse[]> {
    return this.notifications.list(user);
  }

  /** Kept for the spec's old client: sets an interaction's next-contact date (an explicit date of the rule). */
  @Post()
  async create(
    @Body(new ZodValidationPipe(createNotificationRequestSchema)) body: CreateNotificationRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<NotificationResponse> {
    assertBodyIds(body, { userId: user.id });
    return this.notifications.setDate(user, body.interaction_id, body.date);
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
