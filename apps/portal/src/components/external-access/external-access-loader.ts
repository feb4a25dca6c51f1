// The section's code, fetched in two steps: this module first, the only one the forms' own code names, then
// the fields or the rules with everything they use, whose list of files to fetch at once (thirty-odd names)
// is kept here rather than in the code of every form that has the section.
export const loadExternalAccessFields = () => import('./external-access-fields.tsx');
export const loadExternalAccessRules = () => import('./external-access-rules.ts');
