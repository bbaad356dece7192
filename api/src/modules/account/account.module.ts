import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { ContactsModule } from '../contacts/contacts.module';
import { MailModule } from '../mail/mail.module';
import { TiersModule } from '../tiers/tiers.module';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/** `/api/users`: sign-up and the signed-in user's own account. */
@Module({
  imports: [AuthModule, UsersModule, TiersModule, ContactsModule, MailModule, BillingModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
