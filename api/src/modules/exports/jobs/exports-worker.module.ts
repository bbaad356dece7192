import { Module } from '@nestjs/common';
import { ExportsModule } from '../exports.module';
import { BuildExportProcessor } from './build-export.processor';
import { EXPORTS_JOBS } from './exports.jobs';
import { PruneExportsTask } from './prune-exports.task';

/** The exports module's worker part: the handler of `export.build`, and the pruning task. */
@Module({ imports: [ExportsModule], providers: [BuildExportProcessor, PruneExportsTask] })
export class ExportsWorkerModule {
  /** Its module's declaration, read by the composition root (app/worker-modules.ts). */
  static readonly jobs = EXPORTS_JOBS;
}
