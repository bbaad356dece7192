import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../infra/http/access.decorators';
import { ExtensionPackageService } from './extension-package.service';

/** The in-app install page's download (when no Chrome Web Store page is configured). */
@Public()
@Controller()
export class ExtensionPackageController {
  constructor(private readonly packages: ExtensionPackageService) {}

  @Get('extension.zip')
  async download(@Res() res: Response): Promise<void> {
    const zip = await this.packages.package();
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', 'attachment; filename="tend-extension.zip"');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(zip);
  }
}
