import { z } from 'zod';
import { fieldError } from './errors.ts';
import { LINK_PREVIEW_LIMITS, type LinkPreviewView } from './linkPreviewRoutes.ts';

export * from './linkPreviewRoutes.ts';

/** POST LINK_PREVIEW_API.preview: the composer's card for the link being written. */
export const linkPreviewBody = z.object({
  url: z.string().trim().max(LINK_PREVIEW_LIMITS.urlMaxChars, fieldError('link_url_invalid'))
    .refine((s) => URL.canParse(s) && ['http:', 'https:'].includes(new URL(s).protocol), fieldError('link_url_invalid')),
}).strict();

/** The composer's answer: `enabled` false when operators switched previews off; `preview` null when there is none. */
export interface LinkPreviewResponse {
  enabled: boolean;
  preview: LinkPreviewView | null;
}

/** The console's switch (GET/PUT LINK_PREVIEW_API.adminSettings). */
export const linkPreviewSettingsBody = z.object({ enabled: z.boolean() }).strict();
export interface LinkPreviewSettings {
  enabled: boolean;
}

