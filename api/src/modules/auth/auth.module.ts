import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ExtensionTokensModule } from '../extension-tokens/extension-tokens.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailTokensService } from './email-tokens.service';
import { EmailVerificationService } from './email-verification.service';
import { LocalStrategy } from './local.strategy';
import { PasswordHasher } from './password-hasher';
import { PasswordService } from './password.service';
import { SessionsModule } from './sessions/sessions.module';

/** Signing in and out, confirming addresses, forgotten and changed passwords. */
@Module({
  imports: [PassportModule, SessionsModule, UsersModule, MailModule, ExtensionTokensModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    PasswordService,
    EmailVerificationService,
    EmailTokensService,
    PasswordHasher,
    LocalStrategy,
  ],
  exports: [SessionsModule, PasswordService, EmailVerificationService, PasswordHasher],
})
export class AuthModule {}
