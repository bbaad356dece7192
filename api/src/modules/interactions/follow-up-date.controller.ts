import { Body, Controller, Post } from '@nestjs/common';
import {
  createNotificationRequestSchema,
  type CreateNotificationRequest,
  type Notification as NotificationResponse,
} from '@tend/contracts';
import { assertBodyIds } from '../../infra/http/request-shape';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { NotificationsService } from '../notifications/notifications.service';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { InteractionsService } from './interactions.service';

/**
 * Kept for the spec's old client, which sets a follow-up date by creating a notification: the date
 * is the interaction's (the server keeps notifications itself when interactions are saved), so the
 * interactions module, which writes it, answers the route.
 */
@Controller('api/notifications')
export class FollowUpDateController {
  constructor(
    private readonly interactions: InteractionsService,
    private readonly notifications: NotificationsService,
  ) {}

  @Post()
  async create(
    @Body(new ZodValidationPipe(createNotificationRequestSchema)) body: CreateNotificationRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<NotificationResponse> {
    assertBodyIds(body, { userId: user.id });
    await this.interactions.setNextContactDate(user, body.interaction_id, body.date);
    return this.notifications.ofInteraction(user, body.interaction_id);
  }
}
