/** Documents (issue 36 item 2): files in a conversation, their text read and translated for each reader. */
export { createDocumentService, type DocumentService } from './service.ts';
export { DocumentJobs, DOCUMENT_QUEUE } from './jobs.ts';
export { documentRoutes } from './routes.ts';
