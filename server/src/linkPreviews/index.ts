/** Link previews (issue 36 item 3): the cache, the event log's consumer, the routes. See README.md. */
export { LinkPreviewJobs, LINK_PREVIEW_QUEUE, type LinkPreviewJobsOptions } from './jobs.ts';
export { linkPreviewRoutes, type LinkPreviewRouteDeps, type LinkPreviewAudit } from './routes.ts';
export { IMAGE_BUCKET as LINK_PREVIEW_IMAGE_BUCKET, type PreviewLimits } from './cache.ts';
export { linkPreviewsEnabled } from './settings.ts';
