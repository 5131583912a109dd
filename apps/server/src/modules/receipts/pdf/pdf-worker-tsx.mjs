// The PDF thread outside the bundle (tsx, vitest): Node cannot load pdf-worker.ts by itself, and a
// worker thread does not inherit `--import tsx`, so tsx is registered here first
// (render-off-thread.ts). The bundle runs dist/pdf-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
