import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { networkQuerySchema, type HiddenToNetworkResponse, type NetworkPage, type NetworkQuery } from '@tend/contracts';
import { ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { ContactsService } from './contacts.service';
import { NetworkService } from './network.service';

/** `GET /api/network`: the people off the board, a page at a time (issue 26). Session only. */
@Controller('api/network')
export class NetworkController {
  constructor(
    private readonly network: NetworkService,
    private readonly contacts: ContactsService,
  ) {}

  @Get()
  list(
    @Query(new ZodValidationPipe(networkQuerySchema)) query: NetworkQuery,
    @SignedIn() user: SignedInUser,
  ): Promise<NetworkPage> {
    return this.network.page(user, query);
  }

  /** The limit modal's "move them to the network": the cards hidden past the free allowance. */
  @Post('hidden')
  @HttpCode(200)
  async hiddenToNetwork(@SignedIn() user: SignedInUser): Promise<HiddenToNetworkResponse> {
    return { moved: await this.contacts.hiddenToNetwork(user) };
  }
}
