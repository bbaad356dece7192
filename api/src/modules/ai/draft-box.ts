import type { DraftResponse } from '@tend/contracts';
import { SealedBox } from '../../infra/mail/sealed-box';

/** Injection token of the box a draft travels in from the job back to the api. */
export const DRAFT_BOX = Symbol('DRAFT_BOX');

/**
 * Packs a draft for its trip from the job back to the request waiting for it. With Redis the
 * trip crosses Redis (a job's result is stored there), so the draft is sealed (AES-256-GCM, keyed
 * from the session secret); with in-process jobs it never leaves the process's memory, and sealing
 * would cost a twentieth of a template draft's CPU for nothing (docs/PERFORMANCE.md, AI drafts).
 */
export class DraftBox {
  private readonly box: SealedBox | null;

  /** `sessionSecret` seals (jobs through Redis); null packs the draft as plain JSON (in-process jobs). */
  constructor(sessionSecret: string | null) {
    this.box = sessionSecret === null ? null : new SealedBox(sessionSecret, 'ai-draft');
  }

  seal(draft: DraftResponse): string {
    const json = JSON.stringify(draft);
    return this.box ? this.box.seal(json) : json;
  }

  open(sealed: string): DraftResponse {
    return JSON.parse(this.box ? this.box.open(sealed) : sealed) as DraftResponse;
  }
}
