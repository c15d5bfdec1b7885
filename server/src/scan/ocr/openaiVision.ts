import { languageName, type LanguageCode } from '@parley/common';
import { cleanOcrText } from './text.ts';
import type { OcrEngine, OcrHealth, OcrResult } from './types.ts';
import { EngineError } from '../../platform/errors.ts';
import { requestJson, servicePost, trimBase, type ServiceEndpoint } from '../../platform/http.ts';

/** baseUrl e.g. https://api.openai.com/v1, http://127.0.0.1:8080/v1 (llama.cpp, vLLM, Ollama). */
export interface OpenAiVisionConfig extends ServiceEndpoint {
  /** A vision-capable model, e.g. gpt-4o-mini. */
  model: string;
}

/** What the model answers when the image holds no text. */
export const NO_TEXT_TOKEN = 'NO_TEXT';

export function visionInstructions(languages: readonly LanguageCode[]): string {
  const names = languages.map(languageName).join(' or ');
  return [
    'Transcribe all text visible in this image exactly as written, in its original language and script.',
    `It is probably in ${names}, but keep any other language as it is.`,
    'Keep the line breaks; do not translate, explain, describe or add anything.',
    `Answer only with the text. If the image contains no readable text, answer exactly ${NO_TEXT_TOKEN}.`,
  ].join(' ');
}

/**
 * OCR by an OpenAI-compatible vision model: POST {baseUrl}/chat/completions with the image as a
 * base64 data URL in an `image_url` content part.
 */
export class OpenAiVisionEngine implements OcrEngine {
  readonly id = 'openai-vision';
  private readonly baseUrl: string;

  constructor(private readonly config: OpenAiVisionConfig) {
    this.baseUrl = trimBase(config.baseUrl);
  }

  async recognize(image: Buffer, languages: readonly LanguageCode[], signal: AbortSignal): Promise<OcrResult> {
    const body = {
      model: this.config.model,
      temperature: 0,
      max_tokens: 2_000,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: visionInstructions(languages) },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${image.toString('base64')}` } },
          ],
        },
      ],
    };
    const content = extractContent(await requestJson(servicePost(this.id, this.config, '/chat/completions', body, signal)));
    if (content === undefined) throw new EngineError(this.id, 'bad_response', 'Vision model answer has no message content');
    const text = cleanOcrText(stripFences(content));
    return { text: text === NO_TEXT_TOKEN || text.replace(/[.\s]/g, '') === NO_TEXT_TOKEN ? '' : text };
  }

  async health(): Promise<OcrHealth> {
    return {
      live: Boolean(this.config.apiKey) || !this.baseUrl.startsWith('https://api.openai.com'),
      detail: `${this.config.model} at ${this.baseUrl}`,
    };
  }
}

/** choices[0].message.content, as a string or as text parts. */
function extractContent(json: unknown): string | undefined {
  const choices = (json as { choices?: unknown } | undefined)?.choices;
  if (!Array.isArray(choices)) return undefined;
  const content = (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { type?: string; text?: unknown }) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
      .join('');
  }
  return undefined;
}

/** Models sometimes wrap the answer in a code fence despite the instructions. */
function stripFences(text: string): string {
  const fenced = /^\s*```[\w-]*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return fenced?.[1] ?? text;
}
