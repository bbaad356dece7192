import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  createTierRequestSchema,
  idSchema,
  updateTierRequestSchema,
  type CreateTierRequest,
  type Tier as TierResponse,
  type UpdateTierRequest,
} from '@tend/contracts';
import type { Request, Response } from 'express';
import { ExtensionAllowed } from '../../infra/http/access.decorators';
import { sendJsonSnapshot } from '../../infra/http/json-snapshot';
import { assertBodyIds } from '../../infra/http/request-shape';
import { SignedIn } from '../users/request-user';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { toTierResponse } from './tiers.mapper';
import { TiersService } from './tiers.service';

@Controller('api/tiers')
export class TiersController {
  constructor(private readonly tiers: TiersService) {}

  /**
   * `Tier[]`, serialized (and gzipped) once per board version like the board read it comes with:
   * every write to a column runs as a board change, which bumps the version. The extension's tier
   * selector reads it with its token.
   */
  @Get()
  @ExtensionAllowed()
  async list(@SignedIn() user: SignedInUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendJsonSnapshot(req, res, await this.tiers.listJson(user));
  }

  @Post()
  async create(
    @Body(new ZodValidationPipe(createTierRequestSchema)) body: CreateTierRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<TierResponse> {
    assertBodyIds(body, { userId: user.id });
    return toTierResponse(await this.tiers.create(user, body.name));
  }

  @Patch(':id')
  async update(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(updateTierRequestSchema)) body: UpdateTierRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<TierResponse> {
    assertBodyIds(body, { id, userId: user.id });
    if (body.name === undefined && body.position === undefined && body.cadence_days === undefined) {
      throw new BadRequestException({ errors: ['Send a new name, position or cadence.'] });
    }
    let tier = await this.tiers.findOwned(user.id, id);
    if (body.name !== undefined) tier = await this.tiers.rename(user, id, body.name);
    if (body.cadence_days !== undefined) tier = await this.tiers.setCadence(user, id, body.cadence_days);
    if (body.position !== undefined) tier = await this.tiers.reposition(user, id, body.position);
    return toTierResponse(tier);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @SignedIn() user: SignedInUser,
  ): Promise<void> {
    await this.tiers.delete(user, id);
  }
}
