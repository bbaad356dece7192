import type { AppConfig } from '../../../config/app-config';
import { redactor, type AiProvider } from './ai-provider';
import { GeminiProvider } from './gemini.provider';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';
import { TemplateProvider } from './template.provider';

/** The provider `AI_PROVIDER` names (the configuration was checked at boot: what it needs is there). */
export function createAiProvider(ai: AppConfig['ai']): AiProvider {
  const redact = redactor([ai.geminiApiKey, ai.apiKey]);
  switch (ai.provider) {
    case 'gemini':
      return new GeminiProvider(
        { apiKey: ai.geminiApiKey ?? '', model: ai.geminiModel, baseUrl: ai.geminiBaseUrl },
        redact,
      );
    case 'openai-compatible':
      return new OpenAiCompatibleProvider(
        { baseUrl: ai.baseUrl ?? '', model: ai.model ?? '', apiKey: ai.apiKey },
        redact,
      );
    case 'template':
      return new TemplateProvider();
  }
}
