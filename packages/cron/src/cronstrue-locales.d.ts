// cronstrue ships its per-locale files without type declarations; importing one only registers the locale.
declare module 'cronstrue/locales/*';
