import type { DraftResponse } from '@tend/contracts';
import { SealedBox } from '../../infra/mail/sealed-box';

/** Injection token of the box that seals a draft for its trip from the worker back to the api. */
export const DRAFT_BOX = Symbol('DRAFT_BOX');

/** Seals drafts (AES-256-GCM, keyed from the session secret): a draft crosses Redis only this way. */
export class DraftBox {
  private readonly box: SealedBox;

  constructor(sessionSecret: string) {
    this.box = new SealedBox(sessionSecret, 'ai-draft');
  }

  seal(draft: DraftResponse): string {
    return this.box.seal(JSON.stringify(draft));
  }

  open(sealed: string): DraftResponse {
    return JSON.parse(this.box.open(sealed)) as DraftResponse;
  }
}
