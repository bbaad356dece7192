import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  createInteractionRequestSchema,
  idSchema,
  listInteractionsQuerySchema,
  updateInteractionRequestSchema,
  type CreateInteractionRequest,
  type Interaction as InteractionResponse,
  type UpdateInteractionRequest,
} from '@tend/contracts';
import { assertBodyIds } from '../../infra/http/request-shape';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { toInteractionResponse } from './interactions.mapper';
import { InteractionsService } from './interactions.service';

@Controller('api/interactions')
export class InteractionsController {
  constructor(private readonly interactions: InteractionsService) {}

  /** All of the user's interactions, or one contact's (`?contact_id=`), newest first. */
  @Get()
  async list(
    @Query(new ZodValidationPipe(listInteractionsQuerySchema)) query: { contact_id?: number },
    @SignedIn() user: SignedInUser,
  ): Promise<InteractionResponse[]> {
    return (await this.interactions.list(user, query.contact_id)).map(toInteractionResponse);
  }

  @Post()
  async create(
    @Body(new ZodValidationPipe(createInteractionRequestSchema)) body: CreateInteractionRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<InteractionResponse> {
    assertBodyIds(body, { userId: user.id });
    return toInteractionResponse(await this.interactions.create(user, body));
  }

  @Patch(':id')
  async update(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(updateInteractionRequestSchema)) body: UpdateInteractionRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<InteractionResponse> {
    assertBodyIds(body, { id, userId: user.id });
    return toInteractionResponse(await this.interactions.update(user, id, body));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @SignedIn() user: SignedInUser,
  ): Promise<void> {
    await this.interactions.delete(user, id);
  }
}
