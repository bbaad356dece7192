import { HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  DRAFT_FAILED_MESSAGE,
  draftTimedOutMessage,
  type DraftResponse,
  type ParsedDraftRequest,
} from '@tend/contracts';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UpstreamException } from '../../infra/http/http-exception.filter';
import { JobDeadlineExceededError, JobDispatcher } from '../../infra/queue/job-dispatcher';
import { CONTACT_NOT_FOUND_MESSAGE } from '../contacts/contacts.service';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { DRAFT_BOX, DraftBox } from './draft-box';
import { DraftLimits } from './draft-limits';
import type { DraftJobResult } from './jobs/ai.jobs';

/**
 * The api's side of a draft: the user within the limits (429); then the `ai.draft` job carries ids
 * only, and the request waits for its answer up to the deadline (504 past it; 502 when the model
 * failed; 404 when the contact is not the user's, or hidden: the job finds out, before any model
 * is asked). The AI never sends anything: the draft goes back to the user, who copies it or opens
 * it in their mail client.
 */
@Injectable()
export class AiService {
  private readonly logger = new Logger('AiDrafts');

  constructor(
    private readonly limits: DraftLimits,
    private readonly jobs: JobDispatcher,
    @Inject(DRAFT_BOX) private readonly box: DraftBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async draft(user: SignedInUser, request: ParsedDraftRequest): Promise<DraftResponse> {
    const counted = await this.limits.count(user);
    const result = await this.write(user, request);
    if (result.status === 'written') return this.box.open(result.sealed);
    // No draft: it does not count against the day's quota.
    await counted.refund();
    switch (result.status) {
      case 'not-found':
        throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
      case 'timed-out':
        throw new UpstreamException(
          HttpStatus.GATEWAY_TIMEOUT,
          draftTimedOutMessage(Math.round(this.config.ai.timeoutMs / 1000)),
        );
      case 'failed':
        throw new UpstreamException(HttpStatus.BAD_GATEWAY, DRAFT_FAILED_MESSAGE);
    }
  }

  /** Runs the `ai.draft` job and waits for its answer, at most until the deadline. */
  private async write(user: SignedInUser, request: ParsedDraftRequest): Promise<DraftJobResult> {
    const timeoutMs = this.config.ai.timeoutMs;
    try {
      return await this.jobs.dispatchAndWait(
        'ai',
        'ai.draft',
        {
          contactId: request.id,
          userId: user.id,
          tone: request.tone,
          purpose: request.purpose,
          deadlineAt: Date.now() + timeoutMs,
        },
        { jobId: `ai-draft-${randomUUID()}`, timeoutMs },
      );
    } catch (error) {
      if (error instanceof JobDeadlineExceededError) return { status: 'timed-out' };
      // The queue was not reachable, or the job broke (not a model's failure: the writer reports those).
      this.logger.warn(`Draft for contact ${request.id} could not run: ${String(error)}`);
      return { status: 'failed' };
    }
  }
}
