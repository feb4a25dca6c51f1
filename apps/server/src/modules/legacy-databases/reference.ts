// Reference data of legacy (single-node) cloud databases (API.md): where they run and which versions exist.
export const LOCATIONS = [
  { id: 1, name: 'Frankfurt' },
  { id: 2, name: 'Amsterdam' },
] as const;

export const DATABASE_VERSIONS = [
  { id: 1, type: 'postgresql', key: 'postgresql-16', name: 'PostgreSQL 16' },
  { id: 2, type: 'postgresql', key: 'postgresql-15', name: 'PostgreSQL 15' },
  { id: 3, type: 'mysql', key: 'mysql-8.0', name: 'MySQL 8.0' },
] as const;
