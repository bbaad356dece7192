import type { ModuleMetadata } from '@nestjs/common';
import { Test } from '@nestjs/testing';

/** Builds and starts a Nest module, then closes it: what its boot threw, or undefined when it started. */
export async function bootError(metadata: ModuleMetadata): Promise<unknown> {
  try {
    const moduleRef = await Test.createTestingModule(metadata).compile();
    await moduleRef.init();
    await moduleRef.close();
    return undefined;
  } catch (error) {
    return error;
  }
}
