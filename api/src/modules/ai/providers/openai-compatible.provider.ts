import OpenAI from 'openai';
import { ProviderError, providerErrorFrom, type AiProvider, type Redact, type WrittenDraft } from './ai-provider';
import type { DraftContext, DraftPrompt } from '../prompt-builder';

export interface OpenAiCompatibleSettings {
  /** e.g. `http://localhost:11434/v1` (Ollama), `http://localhost:8080/v1` (llama.cpp's server). */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
}

/**
 * Any server that speaks OpenAI's chat completions (Ollama, llama.cpp's server, vLLM, or OpenAI
 * itself) through the official `openai` SDK: the instructions as the system message, the data as
 * the user message. A local server needs no key; the SDK's own retries stay off (the writer
 * retries, within the request's deadline).
 */
export class OpenAiCompatibleProvider implements AiProvider {
  readonly id = 'openai-compatible';
  private readonly client: OpenAI;

  constructor(
    private readonly settings: OpenAiCompatibleSettings,
    private readonly redact: Redact,
  ) {
    // Everything explicit: the SDK would otherwise read OPENAI_* variables from the environment.
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      // The SDK insists on a key; local servers ignore the header.
      apiKey: settings.apiKey ?? 'none',
      organization: null,
      project: null,
      maxRetries: 0,
      logLevel: 'off',
    });
  }

  async write({ prompt }: { context: DraftContext; prompt: DraftPrompt }, signal: AbortSignal): Promise<WrittenDraft> {
    let completion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: this.settings.model,
          messages: [
            { role: 'system', content: prompt.instructions },
            { role: 'user', content: prompt.data },
          ],
          temperature: 0.7,
        },
        { signal, maxRetries: 0 },
      );
    } catch (error) {
      throw providerErrorFrom(this.id, error, this.redact);
    }
    const choice = completion.choices?.[0];
    const text = (choice?.message?.content ?? '').trim();
    if (!text) {
      throw new ProviderError(this.id, 200, false, `an answer without text (${choice?.finish_reason ?? 'no choice'})`);
    }
    return { text, model: completion.model || this.settings.model, usedInteractionIds: prompt.usedInteractionIds };
  }
}
