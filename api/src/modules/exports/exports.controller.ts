import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Export as ExportResponse } from '@tend/contracts';
import type { Response } from 'express';
import { SignedIn } from '../users/request-user';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { ExportsService } from './exports.service';

@Controller('api/exports')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  /** Starts building a zip of everything (202); poll `GET /api/exports/{id}` until it is ready. */
  @Post()
  @HttpCode(202)
  async create(@SignedIn() user: SignedInUser): Promise<ExportResponse> {
    return this.exports.toResponse(await this.exports.request(user.id));
  }

  @Get(':id')
  async get(@Param('id') id: string, @SignedIn() user: SignedInUser): Promise<ExportResponse> {
    return this.exports.toResponse(await this.exports.find(user.id, id));
  }

  /**
   * The single-use link: the one GET that changes something (it uses itself up, in one statement).
   * Only the owner's session with the link's token gets the file; a second try answers 410.
   */
  @Get(':id/download')
  async download(
    @Param('id') id: string,
    @Query('token') token: unknown,
    @SignedIn() user: SignedInUser,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.exports.consume(user.id, id, typeof token === 'string' ? token : '');
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', `attachment; filename="tend-export-${day}.zip"`);
    res.sendFile(file.key, { root: file.root, headers: { 'Content-Type': 'application/zip' } }, () => {
      void this.exports.removeFile(file.key);
    });
  }
}
