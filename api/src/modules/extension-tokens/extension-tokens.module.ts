import { Module } from '@nestjs/common';
import { ExtensionPackageController } from './extension-package.controller';
import { ExtensionPackageService } from './extension-package.service';
import { ExtensionTokensController } from './extension-tokens.controller';
import { ExtensionTokensService } from './extension-tokens.service';

/** Connecting the Chrome extension: its tokens, the guard that accepts them, and its download. */
@Module({
  controllers: [ExtensionTokensController, ExtensionPackageController],
  providers: [ExtensionTokensService, ExtensionPackageService],
  // The global ExtensionTokenGuard (registered by app/) and the password service use it.
  exports: [ExtensionTokensService],
})
export class ExtensionTokensModule {}
