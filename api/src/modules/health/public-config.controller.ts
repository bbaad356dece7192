import { Controller, Get, Inject } from '@nestjs/common';
import type { PublicConfig } from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Public } from '../../infra/http/access.decorators';

/** Links the SPA shows (support address, extension, newsletter); nothing secret. */
@Public()
@Controller('api/config')
export class PublicConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  get(): PublicConfig {
    return {
      support_email: this.config.links.supportEmail,
      chrome_extension_url: this.config.links.chromeExtensionUrl,
      newsletter_url: this.config.links.newsletterUrl,
      linkedin_company_url: this.config.links.linkedinCompanyUrl,
      billing_enabled: this.config.stripe !== undefined,
      dev_mailbox: this.config.devMailbox,
      free_plan_card_limit: this.config.freePlanCardLimit,
    };
  }
}
