// The SDK ships its Node typings as an ES module: loaded with import() from this CommonJS build.
import type { GoogleGenAI } from '@google/genai' with { 'resolution-mode': 'import' };
import { ProviderError, providerErrorFrom, type AiProvider, type Redact, type WrittenDraft } from './ai-provider';
import type { DraftContext, DraftPrompt } from '../prompt-builder';

export interface GeminiSettings {
  apiKey: string;
  model: string;
  /** The SDK's base URL (a proxy, or a test server); Google's own when unset. */
  baseUrl?: string | undefined;
}

/**
 * Google's Gemini through the official `@google/genai` SDK: the instructions as the system
 * instruction, the data as the user's content. The SDK's own retries stay off (the writer retries,
 * within the request's deadline); the key goes in the `x-goog-api-key` header, never in a URL.
 */
export class GeminiProvider implements AiProvider {
  readonly id = 'gemini';
  private client: Promise<GoogleGenAI> | undefined;

  constructor(
    private readonly settings: GeminiSettings,
    private readonly redact: Redact,
  ) {}

  private sdk(): Promise<GoogleGenAI> {
    // Everything explicit: the SDK would otherwise read GOOGLE_* variables from the environment.
    this.client ??= import('@google/genai').then(
      ({ GoogleGenAI }) =>
        new GoogleGenAI({
          apiKey: this.settings.apiKey,
          vertexai: false,
          httpOptions: this.settings.baseUrl ? { baseUrl: this.settings.baseUrl } : undefined,
        }),
    );
    return this.client;
  }

  async write({ prompt }: { context: DraftContext; prompt: DraftPrompt }, signal: AbortSignal): Promise<WrittenDraft> {
    let response;
    try {
      const client = await this.sdk();
      response = await client.models.generateContent({
        model: this.settings.model,
        contents: [{ role: 'user', parts: [{ text: prompt.data }] }],
        config: { systemInstruction: prompt.instructions, temperature: 0.7, abortSignal: signal },
      });
    } catch (error) {
      throw providerErrorFrom(this.id, error, this.redact);
    }
    const candidate = response.candidates?.[0];
    // The answer's text parts, without a thinking model's thoughts.
    const text = (candidate?.content?.parts ?? [])
      .filter((part) => typeof part.text === 'string' && !part.thought)
      .map((part) => part.text)
      .join('')
      .trim();
    if (!text) {
      const why = response.promptFeedback?.blockReason ?? candidate?.finishReason ?? 'no candidate';
      throw new ProviderError(this.id, 200, false, `an answer without text (${why})`);
    }
    return { text, model: response.modelVersion || this.settings.model, usedInteractionIds: prompt.usedInteractionIds };
  }
}
