import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  connectExtensionRequestSchema,
  idSchema,
  type ConnectedExtension,
  type ConnectExtensionRequest,
  type ConnectExtensionResponse,
} from '@tend/contracts';
import type { Request } from 'express';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { toConnectedExtension } from './extension-tokens.mapper';
import { ExtensionTokensService } from './extension-tokens.service';

/**
 * The web app's side of connecting the extension (cookie session and CSRF token only: none of
 * these routes takes an extension token, so an extension cannot mint, list or revoke tokens).
 */
@Controller('api/extension-tokens')
export class ExtensionTokensController {
  constructor(private readonly tokens: ExtensionTokensService) {}

  /** The user approved on `/extension/connect`: a new token, shown this once. */
  @Post()
  async connect(
    @Body(new ZodValidationPipe(connectExtensionRequestSchema)) body: ConnectExtensionRequest,
    @SignedIn() user: SignedInUser,
    @Req() req: Request,
  ): Promise<ConnectExtensionResponse> {
    const { token, connection } = await this.tokens.connect(user.id, body.extension_id, req.headers['user-agent']);
    return { token, extension: toConnectedExtension(connection) };
  }

  @Get()
  async list(@SignedIn() user: SignedInUser): Promise<ConnectedExtension[]> {
    return (await this.tokens.list(user.id)).map(toConnectedExtension);
  }

  /** Settings' 'Disconnect': the token stops working at once. */
  @Delete(':id')
  @HttpCode(204)
  async revoke(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @SignedIn() user: SignedInUser,
  ): Promise<void> {
    await this.tokens.revoke(user.id, id);
  }
}
