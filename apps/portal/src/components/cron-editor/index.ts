export { CronEditor, type CronEditorChange, type CronEditorProps } from './CronEditor.tsx';
