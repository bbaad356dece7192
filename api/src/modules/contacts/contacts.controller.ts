import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  Header,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  bulkContactsRequestSchema,
  canonicalLinkedInUrl,
  createContactRequestSchema,
  EXTENSION_TOKEN_MESSAGES,
  idSchema,
  moveContactRequestSchema,
  PHOTO_MAX_BYTES,
  updateContactRequestSchema,
  type BulkContactsRequest,
  type BulkContactsResponse,
  type Contact as ContactResponse,
  type LinkedInMatchResponse,
  type MoveContactRequest,
} from '@tend/contracts';
import type { Request, Response } from 'express';
import { ExtensionAllowed } from '../../infra/http/access.decorators';
import { assertBodyIds } from '../../infra/http/request-shape';
import { SignedIn } from '../users/request-user';
import { parseBody, ZodValidationPipe } from '../../infra/http/zod-validation.pipe';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { BoardService } from '../board/board.service';
import { ContactsService } from './contacts.service';
import { toContactResponse } from './contacts.mapper';

export const LINKEDIN_URL_REQUIRED_MESSAGE = 'Send a LinkedIn profile address, such as linkedin.com/in/jane-doe.';
export const NO_LINKEDIN_MATCH_MESSAGE = 'No one on your board or in your network has this LinkedIn profile.';

/** The spec's client sends multipart keys `contact[name]` (parsed to `{contact: {...}}`) or flat JSON. */
function unwrapContactBody(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === 'contact' && record['contact'] && typeof record['contact'] === 'object') {
      return record['contact'];
    }
    return record;
  }
  return body ?? {};
}

const JSON_CONTENT = 'application/json; charset=utf-8';

@Controller('api/contacts')
export class ContactsController {
  constructor(
    private readonly contacts: ContactsService,
    private readonly board: BoardService,
  ) {}

  /** The hot read: a serialized (and gzipped) board reused until the board changes. */
  @Get()
  @ExtensionAllowed()
  async list(@SignedIn() user: SignedInUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    const board = await this.board.read(user);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.setHeader('Content-Type', JSON_CONTENT);
    res.setHeader('Vary', 'Accept-Encoding');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.end(gzip ? board.gzip : board.json);
  }

  /**
   * The extension asks before it offers 'Save to Tend' (PRODUCT.md §1): 200 `{id, name, on_board}`
   * when the profile is on the board or in the network, 404 when neither.
   */
  @Get('by-linkedin')
  @ExtensionAllowed()
  async byLinkedIn(@Query('url') url: unknown, @SignedIn() user: SignedInUser): Promise<LinkedInMatchResponse> {
    const canonical = typeof url === 'string' ? canonicalLinkedInUrl(url) : null;
    if (!canonical) throw new BadRequestException({ errors: [LINKEDIN_URL_REQUIRED_MESSAGE] });
    const match = await this.contacts.linkedInMatch(user, canonical);
    if (!match) throw new NotFoundException({ errors: [NO_LINKEDIN_MATCH_MESSAGE] });
    return match;
  }

  /**
   * One person of the user's, on the board or in the network (the network's /network/{id} link opens
   * someone past the rows it has loaded). 404 for another user's id or a card hidden by the plan, as
   * every other contact route answers.
   */
  @Get(':id')
  async read(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @SignedIn() user: SignedInUser,
  ): Promise<ContactResponse> {
    return toContactResponse(await this.contacts.findVisible(user, id));
  }

  /**
   * JSON (the web app), or multipart with `contact[...]` keys and an optional `contact[photo]` (the
   * extension saves a profile with its photo in one request). 409 `{errors, contact_id}` when the
   * LinkedIn profile is already on the board.
   */
  @Post()
  @ExtensionAllowed()
  @UseInterceptors(FileInterceptor('contact[photo]', { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 40 } }))
  async create(
    @Body() body: unknown,
    @UploadedFile() photo: { buffer: Buffer } | undefined,
    @SignedIn() user: SignedInUser,
  ): Promise<ContactResponse> {
    const request = parseBody(createContactRequestSchema, unwrapContactBody(body));
    assertBodyIds(request, { userId: user.id });
    return toContactResponse(await this.contacts.create(user, request, photo?.buffer));
  }

  /**
   * Moves people between the board and the network (issue 26), all or nothing: 404 when an id is
   * not the caller's, 403 `{errors}` saying how many fit when the free board has less room.
   */
  @Post('bulk')
  @HttpCode(200)
  @ExtensionAllowed()
  async bulk(
    @Body(new ZodValidationPipe(bulkContactsRequestSchema)) body: BulkContactsRequest,
    @SignedIn() user: SignedInUser,
    @Req() req: Request,
  ): Promise<BulkContactsResponse> {
    // The extension's token may put one person from the network on the board ("Put on the board"
    // in the popup), and nothing else of this route: no moves off the board, no batches.
    if (req.extensionUserId !== undefined && (body.action !== 'to_board' || body.ids.length !== 1)) {
      throw new ForbiddenException({ errors: [EXTENSION_TOKEN_MESSAGES.bulkNotAccepted] });
    }
    const moved = await this.contacts.bulk(user, body);
    return { contacts: moved.map(toContactResponse) };
  }

  @Patch(':id')
  @UseInterceptors(FileInterceptor('contact[photo]', { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 40 } }))
  async update(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body() body: unknown,
    @UploadedFile() photo: { buffer: Buffer } | undefined,
    @SignedIn() user: SignedInUser,
  ): Promise<ContactResponse> {
    const request = parseBody(updateContactRequestSchema, unwrapContactBody(body));
    assertBodyIds(request, { id, userId: user.id });
    const { tier_id, column_order, vertical_order, cadence_days, next_follow_up_on, ...fields } = request;
    const contact = await this.contacts.update(user, id, fields, photo?.buffer, {
      cadenceDays: cadence_days,
      nextFollowUpOn: next_follow_up_on,
    });
    // The spec's client also moves cards through this PATCH: that part is a board move.
    const moved = await this.board.placeCard(user, id, { tier_id, column_order, vertical_order });
    return toContactResponse(moved ? await this.contacts.findVisible(user, id, { fresh: true }) : contact);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @SignedIn() user: SignedInUser,
  ): Promise<void> {
    await this.contacts.delete(user, id);
  }

  /** One request, one transaction: answers both columns with their new orders. */
  @Post(':id/move')
  @HttpCode(200)
  @Header('Content-Type', JSON_CONTENT)
  move(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @Body(new ZodValidationPipe(moveContactRequestSchema)) body: MoveContactRequest,
    @SignedIn() user: SignedInUser,
  ): Promise<string> {
    return this.board.moveCard(user, id, body.tier_id, body.index);
  }

  /** Only the owner, a fixed content type, never sniffed. */
  @Get(':id/photo')
  @ExtensionAllowed()
  async photo(
    @Param('id', new ZodValidationPipe(idSchema)) id: number,
    @SignedIn() user: SignedInUser,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.contacts.photoFile(user, id);
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('Content-Disposition', 'inline');
    res.sendFile(file.key, { root: file.root, headers: { 'Content-Type': 'image/webp' } });
  }
}
