import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Req,
  Res,
} from '@nestjs/common';
import {
  deleteAccountRequestSchema,
  idSchema,
  updateUserRequestSchema,
  type UpdateUserRequest,
  type User as UserResponse,
} from '@tend/contracts';
import type { Response } from 'express';
import { AllowUnverified } from '../../infra/http/access.decorators';
import { CurrentUser, SignedIn, type AppRequest } from '../../infra/http/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { toUserResponse } from '../users/users.mapper';
import { AccountService } from './account.service';
import { SessionsService } from './sessions/sessions.service';

/** The spec's `/api/users` calls, limited to the signed-in user's own account. */
@AllowUnverified()
@Controller('api/users')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly sessions: SessionsService,
  ) {}

  /** Never a directory of users: the list holds only yourself. */
  @Get()
  list(@SignedIn() user: SignedInUser): UserResponse[] {
    return [toUserResponse(user)];
  }

  @Patch(':id')
  async update(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(updateUserRequestSchema)) body: UpdateUserRequest,
    @CurrentUser() user: User,
    @Req() req: AppRequest,
  ): Promise<UserResponse> {
    if (id !== user.id) throw new NotFoundException({ errors: ['User not found.'] });
    if (body.id !== undefined && body.id !== id) {
      throw new BadRequestException({ errors: ['The id in the body does not match the address.'] });
    }
    const result = await this.account.update(user, body, req.session);
    return toUserResponse(result.user);
  }

  /** Re-authentication first: the body carries the password, checked like an email change's. */
  @Delete(':id')
  @HttpCode(204)
  async remove(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body() body: unknown,
    @CurrentUser() user: User,
    @Req() req: AppRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    if (id !== user.id) throw new NotFoundException({ errors: ['User not found.'] });
    // Validated after the id, so another user's account answers 404 whatever the body.
    const { password } = new ZodValidationPipe(deleteAccountRequestSchema).transform(body, { type: 'body' });
    await this.account.delete(user, password);
    await this.sessions.signOut(req, res);
  }
}
