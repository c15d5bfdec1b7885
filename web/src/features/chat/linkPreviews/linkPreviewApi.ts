import { LINK_PREVIEW_API } from '@parley/common/client';
import type { LinkPreviewResponse } from '@parley/common';
import { api } from '../../../lib/api.ts';

/** The composer's card for a link being written (fetched and cached by the server; null when there is none). */
export const fetchLinkPreview = (url: string) => api.post<LinkPreviewResponse>(LINK_PREVIEW_API.preview, { url });
