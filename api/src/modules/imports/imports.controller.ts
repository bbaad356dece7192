import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Injectable,
  Param,
  PayloadTooLargeException,
  Post,
  Query,
  UploadedFile,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  createImportRequestSchema,
  IMPORT_MAX_BYTES,
  startImportRequestSchema,
  type Import as ImportResponse,
} from '@tend/contracts';
import { catchError, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { TooManyRequestsException } from '../../infra/http/http-exception.filter';
import { RateLimiterService, type LimitRule } from '../../infra/http/rate-limiter.service';
import { parseBody } from '../../infra/http/zod-validation.pipe';
import { BoardService } from '../board/board.service';
import { SignedIn, type AppRequest } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { toImportResponse } from './imports.mapper';
import { ImportsService } from './imports.service';

export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files and import each.`;

/** An upload past the size limit answers 400 with a sentence, like every other unreadable file. */
class ImportUploadErrors implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException)
          throw new BadRequestException({ errors: [FILE_TOO_LARGE_MESSAGE] });
        throw error;
      }),
    );
  }
}

export const TOO_MANY_PREVIEWS_MESSAGE =
  'You have uploaded many files in a short time. Please wait a minute and try again.';

/**
 * Import previews per user and minute (`THROTTLE_IMPORT_PREVIEWS_PER_USER`), counted before the
 * upload is even received, so a refused one costs nothing: 429 with Retry-After.
 */
@Injectable()
class ImportPreviewThrottle implements CanActivate {
  private readonly rule: LimitRule;

  constructor(
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rule = { name: 'import-preview', points: config.throttle.importPreviewsPerUser, durationSeconds: 60 };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<AppRequest>().signedInUser;
    if (!user) return true;
    const [wait = 0] = await this.limiter.consumeAll([{ rule: this.rule, subject: String(user.id) }]);
    if (wait > 0) throw new TooManyRequestsException(wait, TOO_MANY_PREVIEWS_MESSAGE);
    return true;
  }
}

type Upload = { buffer: Buffer; originalname: string } | undefined;

@Controller('api/imports')
export class ImportsController {
  constructor(
    private readonly imports: ImportsService,
    private readonly board: BoardService,
  ) {}

  /** Stores the file and answers the import while it is read (201, `reading`); writes no card. */
  @Post()
  @UseGuards(ImportPreviewThrottle)
  @UseInterceptors(
    ImportUploadErrors,
    FileInterceptor('file', { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 } }),
  )
  async create(
    @Body() body: unknown,
    @UploadedFile() file: Upload,
    @SignedIn() user: SignedInUser,
  ): Promise<ImportResponse> {
    const request = parseBody(createImportRequestSchema, body ?? {});
    const run = await this.imports.preview(user, file, request);
    return toImportResponse(run, this.board.cardLimit(user));
  }

  /** The import; `?include=ids` adds the ids of the cards it added (up to 30,000: not in every poll). */
  @Get(':id')
  async get(
    @Param('id') id: string,
    @Query('include') include: unknown,
    @SignedIn() user: SignedInUser,
  ): Promise<ImportResponse> {
    const includeIds = include === 'ids';
    const run = await this.imports.find(user.id, id, { includeIds });
    return toImportResponse(run, this.board.cardLimit(user), { includeIds });
  }

  /** Optional JSON `{ tier_id }`: the destination chosen at the preview (a column, or null: the network only). */
  @Post(':id/start')
  @HttpCode(202)
  async start(@Param('id') id: string, @Body() body: unknown, @SignedIn() user: SignedInUser): Promise<ImportResponse> {
    const request = parseBody(startImportRequestSchema, body ?? {});
    return toImportResponse(await this.imports.start(user.id, id, request.tier_id), this.board.cardLimit(user));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Param('id') id: string, @SignedIn() user: SignedInUser): Promise<ImportResponse> {
    return toImportResponse(await this.imports.cancel(user.id, id), this.board.cardLimit(user));
  }
}
