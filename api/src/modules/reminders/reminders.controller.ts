import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  EMAIL_ACTION_MESSAGES,
  emailActionRequestSchema,
  type EmailActionPreview,
  type EmailActionRequest,
  type EmailActionResult,
} from '@tend/contracts';
import { CsrfExempt, Public } from '../../infra/http/access.decorators';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { RemindersService, UNSUBSCRIBED_MESSAGE } from './reminders.service';

export { UNSUBSCRIBED_MESSAGE };
export const BAD_UNSUBSCRIBE_LINK_MESSAGE = 'This unsubscribe link is not valid. Turn reminders off in Settings.';

@Controller('api/reminders')
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  /**
   * Turns follow-up reminder emails off. Public and without a CSRF token: the signed token in the
   * link proves which user it is for, and a mail client's RFC 8058 one-click POST carries no cookie
   * (its body, `List-Unsubscribe=One-Click`, needs no reading). The page a person lands on from the
   * email asks before it posts (through `/api/email-actions`), since mail scanners follow links.
   */
  @Public()
  @CsrfExempt()
  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Query('token') token: unknown): Promise<{ message: string }> {
    const result =
      typeof token === 'string' && token.length <= 1_000 ? await this.reminders.followLink(token, 'unsubscribe') : null;
    if (!result || 'error' in result) {
      throw new BadRequestException({ errors: [BAD_UNSUBSCRIBE_LINK_MESSAGE] });
    }
    return { message: result.message };
  }
}

/**
 * The pages that links in emails open (Done, Snooze 1 week, unsubscribe), signed in or not: GET says
 * what the link would do and changes nothing (mail scanners fetch every link); the page's button
 * POSTs. The signed token is the credential; the POST keeps the session's CSRF token, which the page
 * has whether or not anyone is signed in.
 */
@Public()
@Controller('api/email-actions')
export class EmailActionsController {
  constructor(private readonly reminders: RemindersService) {}

  @Get()
  async preview(@Query('token') token: unknown): Promise<EmailActionPreview> {
    if (typeof token !== 'string' || token.length > 1_000)
      return { action: null, state: 'invalid', contact_name: null, message: EMAIL_ACTION_MESSAGES.invalid };
    return this.reminders.previewLink(token);
  }

  @Post()
  @HttpCode(200)
  async follow(
    @Body(new ZodValidationPipe(emailActionRequestSchema)) body: EmailActionRequest,
  ): Promise<EmailActionResult> {
    const result = await this.reminders.followLink(body.token);
    if ('error' in result) throw new BadRequestException({ errors: [result.error] });
    return result;
  }
}
