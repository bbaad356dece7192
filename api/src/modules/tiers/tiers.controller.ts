import { Controller, Get } from '@nestjs/common';
import type { Tier } from '@tend/contracts';
import { CurrentUser } from '../../infra/http/request-user';
import type { User } from '../users/user.entity';
import { toTierResponse } from './tiers.mapper';
import { TiersService } from './tiers.service';

@Controller('api/tiers')
export class TiersController {
  constructor(private readonly tiers: TiersService) {}

  @Get()
  async list(@CurrentUser() user: User): Promise<Tier[]> {
    return (await this.tiers.list(user.id)).map(toTierResponse);
  }
}
