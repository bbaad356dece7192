import { BadRequestException, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { CsrfExempt, Public } from '../../infra/http/access.decorators';
import { RemindersService } from './reminders.service';

export const UNSUBSCRIBED_MESSAGE = 'You will not get follow-up reminder emails any more.';
export const BAD_UNSUBSCRIBE_LINK_MESSAGE = 'This unsubscribe link is not valid. Turn reminders off in Settings.';

@Controller('api/reminders')
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  /**
   * Turns follow-up reminder emails off. Public and without a CSRF token: the signed token in the
   * link proves which user it is for, and a mail client's RFC 8058 one-click POST carries no cookie
   * (its body, `List-Unsubscribe=One-Click`, needs no reading). The page a person lands on from the
   * email asks before it posts here, since mail scanners follow links.
   */
  @Public()
  @CsrfExempt()
  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Query('token') token: unknown): Promise<{ message: string }> {
    if (typeof token !== 'string' || !(await this.reminders.unsubscribe(token))) {
      throw new BadRequestException({ errors: [BAD_UNSUBSCRIBE_LINK_MESSAGE] });
    }
    return { message: UNSUBSCRIBED_MESSAGE };
  }
}
