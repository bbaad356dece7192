import { Module } from '@nestjs/common';
import { ImportsModule } from '../imports.module';
import { BuildExportProcessor } from './build-export.processor';
import { PruneImportsTask } from './prune-imports.task';
import { RunImportProcessor } from './run-import.processor';
import { IMPORTS_JOBS } from './imports.jobs';

/** The imports module's worker part: the handlers of `import.run` and `export.build`, and the pruning task. */
@Module({ imports: [ImportsModule], providers: [RunImportProcessor, BuildExportProcessor, PruneImportsTask] })
export class ImportsWorkerModule {
  /** Its module's declaration, read by the composition root (app/worker-modules.ts). */
  static readonly jobs = IMPORTS_JOBS;
}
