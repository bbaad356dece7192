import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ContactsModule } from '../contacts/contacts.module';
import { MailModule } from '../mail/mail.module';
import { TiersModule } from '../tiers/tiers.module';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailTokensService } from './email-tokens.service';
import { EmailVerificationService } from './email-verification.service';
import { LocalStrategy } from './local.strategy';
import { PasswordHasher } from './password-hasher';
import { PasswordService } from './password.service';
import { SessionsModule } from './sessions/sessions.module';

@Module({
  imports: [PassportModule, SessionsModule, UsersModule, TiersModule, MailModule, ContactsModule],
  controllers: [AuthController, AccountController],
  providers: [
    AuthService,
    AccountService,
    PasswordService,
    EmailVerificationService,
    EmailTokensService,
    PasswordHasher,
    LocalStrategy,
  ],
})
export class AuthModule {}
