import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  createTierRequestSchema,
  idSchema,
  updateTierRequestSchema,
  type CreateTierRequest,
  type Tier as TierResponse,
  type UpdateTierRequest,
} from '@tend/contracts';
import { SignedIn } from '../../infra/http/request-user';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { toTierResponse } from './tiers.mapper';
import { TiersService } from './tiers.service';

function assertOwnUserId(userId: number | undefined, user: SignedInUser): void {
  if (userId !== undefined && userId !== user.id) {
    throw new BadRequestException({ errors: ['user_id must be your own id.'] });
  }
}

@Controller('api/tiers')
export class TiersController {
  constructor(private readonly tiers: TiersService) {}

  @Get()
  async list(@SignedIn() user: SignedInUser): Promise<TierResponse[]> {
    return (await this.tiers.list(user.id)).map(toTierResponse);
  }

  @Post()
  async create(
    @Body(new ZodValidationPipe(createTierRequestSchema)) body: CreateTierRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<TierResponse> {
    assertOwnUserId(body.user_id, user);
    return toTierResponse(await this.tiers.create(user.id, body.name));
  }

  @Patch(':id')
  async update(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(updateTierRequestSchema)) body: UpdateTierRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<TierResponse> {
    assertOwnUserId(body.user_id, user);
    if (body.id !== undefined && body.id !== id) {
      throw new BadRequestException({ errors: ['The id in the body does not match the address.'] });
    }
    if (body.name === undefined && body.position === undefined) {
      throw new BadRequestException({ errors: ['Send a new name or position.'] });
    }
    let tier = await this.tiers.findOwned(user.id, id);
    if (body.name !== undefined) tier = await this.tiers.rename(user.id, id, body.name);
    if (body.position !== undefined) tier = await this.tiers.reposition(user.id, id, body.position);
    return toTierResponse(tier);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @SignedIn() user: SignedInUser,
  ): Promise<void> {
    await this.tiers.delete(user.id, id);
  }
}
