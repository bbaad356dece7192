import { Module } from '@nestjs/common';
import { ImportsModule } from '../imports.module';
import { PruneImportsTask } from './prune-imports.task';
import { ReadImportProcessor } from './read-import.processor';
import { RunImportProcessor } from './run-import.processor';
import { IMPORTS_JOBS } from './imports.jobs';

/** The imports module's worker part: the handlers of `import.read` and `import.run`, and the pruning task. */
@Module({ imports: [ImportsModule], providers: [ReadImportProcessor, RunImportProcessor, PruneImportsTask] })
export class ImportsWorkerModule {
  /** Its module's declaration, read by the composition root (app/worker-modules.ts). */
  static readonly jobs = IMPORTS_JOBS;
}
