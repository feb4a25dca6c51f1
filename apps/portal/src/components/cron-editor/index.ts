export { CronEditor, type CronEditorChange, type CronEditorProps } from './CronEditor.tsx';
export { NextRuns } from './NextRuns.tsx';
export { useDescription } from './use-description.ts';
