// The PDF reader thread's entry: TypeScript through tsx (already registered when the server runs with
// `node --import tsx`; registered here for runners that transform code their own way, e.g. vitest).
import { register } from 'tsx/esm/api';

register();
await import('./pdfWorker.ts');
