import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { JobData } from '../../infra/queue/job-map';
import { Clock } from '../../infra/time/clock';
import { UsersService } from '../users/users.service';
import { DRAFT_BOX, DraftBox } from './draft-box';
import { DraftSources } from './draft-sources';
import { finishDraft } from './draft-text';
import type { DraftJobResult } from './jobs/ai.jobs';
import { buildPrompt, PROMPT_BUDGET, type DraftContext } from './prompt-builder';
import { AI_PROVIDER, redactor, type AiProvider, type Redact } from './providers/ai-provider';
import { withRetries } from './providers/retry';

/** At most this many retries of a model call (after 429, 5xx or no answer), within the deadline. */
export const PROVIDER_RETRIES = 2;
/** The first retry waits 250-500 ms, the second 500-1000 ms. */
export const PROVIDER_RETRY_BASE_MS = 500;
/** More interactions than this never fit the prompt's budget (each takes 50 characters or more). */
const HISTORY_LIMIT = Math.ceil(PROMPT_BUDGET / 50);
/** The writer stops this long before the request's deadline, so its answer can still reach the api. */
const DEADLINE_MARGIN_MS = 300;

/**
 * The worker's side of a draft (`ai.draft`): reloads the user, the contact and its history by id,
 * builds the prompt within its budget, asks the provider (retrying what may pass, never past the
 * deadline), makes the answer a plain draft of at most 1000 characters and seals it. It never
 * throws for a provider's failure: the result says what happened, and the api answers for it.
 */
@Injectable()
export class DraftWriter {
  private readonly logger = new Logger('AiDrafts');
  private readonly redact: Redact;

  constructor(
    private readonly users: UsersService,
    private readonly sources: DraftSources,
    private readonly clock: Clock,
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
    @Inject(DRAFT_BOX) private readonly box: DraftBox,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redact = redactor([config.ai.geminiApiKey, config.ai.apiKey]);
  }

  async write(job: JobData<'ai', 'ai.draft'>): Promise<DraftJobResult> {
    const deadlineAt = job.deadlineAt - DEADLINE_MARGIN_MS;
    // Nobody is waiting any more (the job waited in the queue past the deadline).
    if (Date.now() >= deadlineAt) return { status: 'timed-out' };
    const context = await this.context(job);
    if (!context) return { status: 'not-found' };
    const prompt = buildPrompt(context);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), deadlineAt - Date.now());
    try {
      const written = await withRetries(() => this.provider.write({ context, prompt }, stop.signal), {
        provider: this.provider.id,
        retries: PROVIDER_RETRIES,
        baseDelayMs: PROVIDER_RETRY_BASE_MS,
        deadlineAt,
        signal: stop.signal,
        redact: this.redact,
        onRetry: (error, retry, delayMs) =>
          this.logger.warn(
            `Draft for contact ${job.contactId}: ${error.message}; retry ${retry} of ${PROVIDER_RETRIES} in ${delayMs} ms.`,
          ),
      });
      const response = finishDraft(written.text);
      if (!response) {
        this.logger.warn(`Draft for contact ${job.contactId}: ${this.provider.id} answered only blank text.`);
        return { status: 'failed' };
      }
      return {
        status: 'written',
        sealed: this.box.seal({
          response,
          provider: this.provider.id,
          model: written.model,
          used_interaction_ids: written.usedInteractionIds,
        }),
      };
    } catch (error) {
      if (stop.signal.aborted) {
        this.logger.warn(`Draft for contact ${job.contactId}: ${this.provider.id} did not answer before the deadline.`);
        return { status: 'timed-out' };
      }
      const reason = this.redact(error instanceof Error ? error.message : String(error));
      this.logger.warn(`Draft for contact ${job.contactId} failed: ${reason}`);
      return { status: 'failed' };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Everything the draft is written from, read now; null when the user or the card is gone or hidden. */
  private async context(job: JobData<'ai', 'ai.draft'>): Promise<DraftContext | null> {
    // The user's row from memory when this process has it (kept current by the row-change feed).
    const user = await this.users.findSignedIn(job.userId);
    if (!user) return null;
    const card = await this.sources.cardWithHistory(user, job.contactId, HISTORY_LIMIT);
    if (!card) return null;
    return {
      sender: { name: user.name },
      contact: card.contact,
      interactions: card.history.map((interaction) => ({
        id: interaction.id,
        date: interaction.dateContacted,
        method: interaction.contactMethod,
        notes: interaction.notes,
        nextContactDate: interaction.nextContactDate,
      })),
      tone: job.tone,
      purpose: job.purpose,
      today: this.clock.today(user),
    };
  }
}
