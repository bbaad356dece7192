import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  deleteAccountRequestSchema,
  idSchema,
  signUpRequestSchema,
  updateUserRequestSchema,
  type SignUpRequest,
  type UpdateUserRequest,
  type User as UserResponse,
} from '@tend/contracts';
import type { Response } from 'express';
import { AllowUnverified, Public } from '../../infra/http/access.decorators';
import { assertBodyIds } from '../../infra/http/request-shape';
import { CurrentUser, SignedIn, type AppRequest } from '../users/request-user';
import { parseBody, ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SessionsService } from '../auth/sessions/sessions.service';
import type { SignedInUser } from '../users/signed-in-user-cache';
import type { User } from '../users/user.entity';
import { toUserResponse } from '../users/users.mapper';
import { AccountService } from './account.service';

/** The spec's `/api/users` calls: sign-up, and the signed-in user's own account (never anyone else's). */
@AllowUnverified()
@Controller('api/users')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly sessions: SessionsService,
  ) {}

  /** Sign up: creates the user, its default columns and the verification mail, then signs in. */
  @Public()
  @Post()
  async signUp(
    @Body(new ZodValidationPipe(signUpRequestSchema)) body: SignUpRequest,
    @Req() req: AppRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserResponse> {
    const user = await this.account.signUp(body, req.ip);
    await this.sessions.signIn(req, res, user.id);
    return toUserResponse(user);
  }

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
    assertBodyIds(body, { id, userId: user.id });
    const result = await this.account.update(user, body, req.session, req.ip);
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
    const { password } = parseBody(deleteAccountRequestSchema, body ?? {});
    await this.account.delete(user, password);
    await this.sessions.signOut(req, res);
  }
}
