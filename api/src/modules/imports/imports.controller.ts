import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  PayloadTooLargeException,
  Post,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { createImportRequestSchema, IMPORT_MAX_BYTES, type Import as ImportResponse } from '@tend/contracts';
import { catchError, type Observable } from 'rxjs';
import { parseBody } from '../../infra/http/zod-validation.pipe';
import { BoardService } from '../board/board.service';
import { SignedIn } from '../users/request-user';
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

type Upload = { buffer: Buffer; originalname: string } | undefined;

@Controller('api/imports')
export class ImportsController {
  constructor(
    private readonly imports: ImportsService,
    private readonly board: BoardService,
  ) {}

  /** Reads the file and answers what would happen (201); writes no card. */
  @Post()
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

  @Get(':id')
  async get(@Param('id') id: string, @SignedIn() user: SignedInUser): Promise<ImportResponse> {
    return toImportResponse(await this.imports.find(user.id, id), this.board.cardLimit(user));
  }

  @Post(':id/start')
  @HttpCode(202)
  async start(@Param('id') id: string, @SignedIn() user: SignedInUser): Promise<ImportResponse> {
    return toImportResponse(await this.imports.start(user.id, id), this.board.cardLimit(user));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Param('id') id: string, @SignedIn() user: SignedInUser): Promise<ImportResponse> {
    return toImportResponse(await this.imports.cancel(user.id, id), this.board.cardLimit(user));
  }
}
