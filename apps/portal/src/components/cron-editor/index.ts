export { CronEditor, type CronEditorChange, type CronEditorProps } from './cron-editor.tsx';
export { NextRuns } from './next-runs.tsx';
export { useDescription } from './use-description.ts';
