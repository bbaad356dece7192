import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  forgotPasswordRequestSchema,
  FORGOT_PASSWORD_SENT_MESSAGE,
  loginRequestSchema,
  ORIGINAL_PASSWORD_INCORRECT_MESSAGE,
  resetPasswordCheckRequestSchema,
  resetPasswordRequestSchema,
  sendEmailVerificationRequestSchema,
  validateUserRequestSchema,
  VERIFICATION_SENT_MESSAGE,
  verifyEmailRequestSchema,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type SendEmailVerificationRequest,
  type SessionResponse,
  type User as UserResponse,
  type ValidateUserRequest,
  type VerifyEmailRequest,
} from '@tend/contracts';
import type { Response } from 'express';
import { UnprocessableEntityException } from '@nestjs/common';
import { AllowUnverified, Public } from '../../infra/http/access.decorators';
import { BodyValidationGuard } from '../../infra/http/body-validation.guard';
import { CurrentUser, type AppRequest } from '../users/request-user';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { toUserResponse } from '../users/users.mapper';
import { UsersService } from '../users/users.service';
import { EmailVerificationService } from './email-verification.service';
import { LocalAuthGuard } from './local-auth.guard';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions/sessions.service';

@Controller('api')
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly verification: EmailVerificationService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
  ) {}

  /** The signed-in user or `{}`; always hands out a CSRF token (signed-out visitors add no row). */
  @Public()
  @Get('session')
  session(@Req() req: AppRequest, @Res({ passthrough: true }) res: Response): SessionResponse {
    this.sessions.exposeCsrfToken(req, res);
    return req.signedInUser ? toUserResponse(req.signedInUser) : {};
  }

  @Public()
  @Post('session')
  @HttpCode(200)
  @UseGuards(new BodyValidationGuard(loginRequestSchema), LocalAuthGuard)
  async logIn(@Req() req: AppRequest, @Res({ passthrough: true }) res: Response): Promise<UserResponse> {
    const user = req.user as unknown as User;
    await this.sessions.signIn(req, res, user.id);
    const timeZone = (req.body as { time_zone?: string }).time_zone;
    if (timeZone) await this.users.updateProfile(user, { timeZone });
    return toUserResponse(user);
  }

  @Public()
  @Delete('session')
  @HttpCode(204)
  async logOut(@Req() req: AppRequest, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.signOut(req, res);
  }

  @Public()
  @Post('send-email-verification')
  @HttpCode(202)
  async sendEmailVerification(
    @Body(new ZodValidationPipe(sendEmailVerificationRequestSchema)) body: SendEmailVerificationRequest,
    @CurrentUser() user: User | undefined,
  ): Promise<{ message: string }> {
    if (user) {
      await this.verification.resendForUser(user, body.is_update ?? false);
    } else if (body.email) {
      await this.verification.resendForAddress(body.email.trim().toLowerCase());
    } else {
      throw new UnprocessableEntityException({ errors: ['Enter the email address to send the confirmation to.'] });
    }
    return { message: VERIFICATION_SENT_MESSAGE };
  }

  /** Follows a confirmation link (sign-up address or a new address). */
  @Public()
  @Post('verify-email')
  @HttpCode(200)
  async verifyEmail(
    @Body(new ZodValidationPipe(verifyEmailRequestSchema)) body: VerifyEmailRequest,
    @Req() req: AppRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserResponse | { verified: true; email: string }> {
    const user = await this.verification.confirm(body.token);
    this.sessions.exposeCsrfToken(req, res);
    if (req.signedInUser?.id === user.id) return toUserResponse(user);
    return { verified: true, email: user.email };
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(202)
  async forgotPassword(
    @Body(new ZodValidationPipe(forgotPasswordRequestSchema)) body: ForgotPasswordRequest,
  ): Promise<{ message: string }> {
    await this.passwords.forgotPassword(body.email);
    return { message: FORGOT_PASSWORD_SENT_MESSAGE };
  }

  @Public()
  @Post('reset-password/check')
  @HttpCode(200)
  async checkResetLink(
    @Body(new ZodValidationPipe(resetPasswordCheckRequestSchema)) body: { email: string; token: string },
    @Req() req: AppRequest,
  ): Promise<{ valid: boolean }> {
    return { valid: await this.passwords.isResetLinkValid(body.email, body.token, req.ip) };
  }

  @Public()
  @Post('reset-password')
  @HttpCode(204)
  async resetPassword(
    @Body(new ZodValidationPipe(resetPasswordRequestSchema)) body: ResetPasswordRequest,
    @Req() req: AppRequest,
  ): Promise<void> {
    await this.passwords.resetPassword(body.email, body.token, body.password, req.ip);
  }

  /** The spec's original-password check before a password change; only ever your own account. */
  @AllowUnverified()
  @Post('validate-user')
  @HttpCode(200)
  async validateUser(
    @Body(new ZodValidationPipe(validateUserRequestSchema)) body: ValidateUserRequest,
    @CurrentUser() user: User,
  ): Promise<{ id: number }> {
    const ok = body.email === user.email && (await this.passwords.isCurrentPassword(user, body.password));
    if (!ok) throw new UnprocessableEntityException({ errors: [ORIGINAL_PASSWORD_INCORRECT_MESSAGE] });
    return { id: user.id };
  }
}
