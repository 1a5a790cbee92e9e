/** React DOM, for main.tsx's first start-up step (evaluating React is a task of its own). */
export { startTransition } from 'react';
export { createRoot } from 'react-dom/client';
